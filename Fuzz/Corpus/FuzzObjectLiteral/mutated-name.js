a;
const a = { Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c' } } };
a.Auth.Cognito.userPoolEndpoint = 'http://127.0.0.1:2';
