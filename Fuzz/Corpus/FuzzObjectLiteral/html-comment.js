{ Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c' } } };
<!-- export default {}
--> module.exports = {}
