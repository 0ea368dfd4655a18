const aws_exports = {
    'aws_app_analytics': 'enable',
    'aws_cognito_identity_pool_id': 'us-east-1:9383dd44-c7b3-4e83-8c86-35a139c37e5a',
    'aws_cognito_region': 'us-east-1',
    'aws_content_delivery': 'enable',
    'aws_content_delivery_bucket': 'oncdeck-hosting-mobilehub-256320551',
    'aws_content_delivery_bucket_region': 'us-east-1',
    'aws_content_delivery_cloudfront': 'enable',
    'aws_content_delivery_cloudfront_domain': 'd3ru9o91p7cufp.cloudfront.net',
//    'aws_mobile_analytics_app_id': 'bb7805a8fb2f4e3fb15b954872e7bfde',
//    'aws_mobile_analytics_app_region': 'us-east-1',
    'aws_project_id': 'f1b1b4e9-dedf-4a47-8893-8d35cd171ee0',
    'aws_project_name': 'OncDeck',
    'aws_project_region': 'us-east-1',
    'aws_resource_name_prefix': 'oncdeck-mobilehub-256320551',
    'aws_sign_in_enabled': 'enable',
    'aws_user_pools': 'enable',
    'aws_user_pools_id': 'us-east-1_wFoHGe664',
    'aws_user_pools_web_client_id': '2jv6fu7cbbcdh0d38ttjfi5s60',
}

export default aws_exports;