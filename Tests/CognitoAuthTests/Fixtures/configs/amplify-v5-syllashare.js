const AwsExports = {
    Auth: {
        // REQUIRED - Amazon Cognito Identity Pool ID
        identityPoolId: 'us-west-2:bf9b5dac-f928-44f0-8fc3-fec58ef04e7b', 
        // REQUIRED - Amazon Cognito Region
        region: 'us-west-2', 
        // OPTIONAL - Amazon Cognito User Pool ID
        userPoolId: 'us-west-2_y61gBo6cv',
        // OPTIONAL - Amazon Cognito Web Client ID
        userPoolWebClientId: '6577lp27vp60r9r0mig03gf42g'
    }
};

export default AwsExports;