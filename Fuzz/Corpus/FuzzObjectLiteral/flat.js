{
  // comment
  'aws_user_pools_id': 'us-east-1_AbCdEf123', /* c */ aws_user_pools_web_client_id: "1a2b3c4d5e6f7g8h9i0j1k2l3m",
  oauth: { redirectSignIn: process.env.X || '', scope: [`a`, ...more], [key]: 1, f() { return /[}'"]/g } },
};
