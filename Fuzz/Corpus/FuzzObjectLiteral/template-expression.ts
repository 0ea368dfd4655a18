{ Auth: { Cognito: { userPoolEndpoint: `http://${host}:${`${port}`}`, userPoolId: 'us-east-1_AbCdEf123' } } } as const;
