import { common } from './common'

export const aws = {
  aws_project_name: common.siteName,
  aws_app_analytics: 'disable',
  aws_user_pools: 'enable',
  aws_user_pools_mfa_type: 'OFF',
  aws_project_id: 'NOT_NEEDED',
  aws_project_region: 'ap-southeast-2',
  aws_sign_in_enabled: 'enable',
  aws_user_pools_id: 'ap-southeast-2_2d9kWrg75',
  aws_user_pools_web_client_id: '7jqut6r6mm5n0u3rcdktpja5q8'
  // aws_content_delivery: 'enable',
  // aws_content_delivery_bucket: 'NOT_NEEDED',
  // aws_content_delivery_bucket_region: 'ap-southeast-2',
  // aws_content_delivery_cloudfront: 'enable',
  // aws_content_delivery_cloudfront_domain: 'd2l1xhg53ykkt2.cloudfront.net',
  // aws_mobile_analytics_app_id: 'NOT_NEEDED',
  // aws_mobile_analytics_app_region: 'us-east-1',
  // aws_resource_name_prefix: 'NOT_NEEDED'
}
