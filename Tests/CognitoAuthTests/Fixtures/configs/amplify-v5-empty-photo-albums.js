export const config = {
  Auth: {
    // REQUIRED - Amazon Cognito Identity Pool ID
    identityPoolId: "",
    // REQUIRED - Amazon Cognito Region
    region: "",
    // OPTIONAL - Amazon Cognito User Pool ID
    userPoolId: "",
    // OPTIONAL - Amazon Cognito Web Client ID
    userPoolWebClientId: ""
  }
};
