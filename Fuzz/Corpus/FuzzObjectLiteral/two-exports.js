{ Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c' } } };
module.exports = { Auth: { Cognito: { userPoolId: 'us-east-1_Zzz', userPoolClientId: 'd' } } };
