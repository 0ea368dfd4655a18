{ Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c', userPoolEndpoint: 'http://127.0.0.1:1', userPool\u0045ndpoint: 'http://127.0.0.1:2' } } };
