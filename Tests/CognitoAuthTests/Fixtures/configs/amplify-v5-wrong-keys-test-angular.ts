export const aws_exports = {
  Auth: {
    identityPoolId: 'us-east-1:8fefbf53-5671-4b99-a0b7-2c7b90131d54',
    region: 'us-east-1',
    UserPoolId: 'us-east-1_ApJFI6Hll',
    ClientId: '5rm9939c8vb29ld1q2ua4l9m3',
    cookieStorage: {
      domain: 'test-app.com',
      path: '/',
      secure: true
    },
    authenticationFlowType: 'USER_PASSWORD_AUTH'
  }
}