export const awsConfigs = {
  aws_cognito_region: "us-east-1", // (required) - Region where Amazon Cognito project was created
  aws_user_pools_id: "us-east-1_tRyJJymj0", // (optional) - Amazon Cognito User Pool ID
  aws_user_pools_web_client_id: "62ig9c18coi31uram69tess2hb", // (optional) - Amazon Cognito App Client ID (App client secret needs to be disabled)
};