const awsExports = {
    "aws_project_region": "us-east-1",
    "aws_cognito_identity_pool_id": "us-east-1:74f51154-4a38-4b5f-9341-5b7bb3704e12",
    "aws_cognito_region": "us-east-1",
    "aws_user_pools_id": "us-east-1_EVCjIvm0e",
    "aws_user_pools_web_client_id": "as0fs9ok871b2s5s3me5468o2",
    // Auth:{
    //     "aws_project_region": "us-east-1",
    //     "aws_cognito_identity_pool_id": "us-east-1:74f51154-4a38-4b5f-9341-5b7bb3704e12",
    //     "aws_cognito_region": "us-east-1",
    //     "aws_user_pools_id": "us-east-1_EVCjIvm0e", 
    //     "aws_user_pools_web_client_id": "as0fs9ok871b2s5s3me5468o2",
    // },
    "oauth": {},
    
    "aws_cognito_social_providers": [],
    "aws_cognito_signup_attributes": [
        "EMAIL"
    ],
    "aws_cognito_mfa_configuration": "OFF",
    "aws_cognito_mfa_types": [
        "SMS"
    ],
    "aws_cognito_password_protection_settings": {
        "passwordPolicyMinLength": 8,
        "passwordPolicyCharacters": []
    },
    "aws_cognito_verification_mechanisms": [
        "EMAIL"
    ]
  
};

export default awsExports; 