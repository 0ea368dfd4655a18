{ Auth: { Cognito: { userPoolId: 'us-east-1_AbCdEf123', userPoolClientId: 'c', x: `a${`b${`c${1}`}`}` } } };
