{ Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c', a: /x`${/g, b: 4 / 2 } } };
