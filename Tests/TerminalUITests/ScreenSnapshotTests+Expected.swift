// Snapshots generated once from AppView, checked by eye, then frozen. Regenerate only on purpose.

enum Snapshots {
    static let globalSignOutConfirm_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     stored                                                                                             │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✔ online                                                                                           │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 starte ┌─ Sign out everywhere ──────────────────────────────────────┐                            │
        │ 22:12:50 GetUser #1 ok     │ Every device's refresh token is revoked, so no device can  │                            │
        │                            │ renew its session. Access tokens already issued stay valid │                            │
        │                            │ until they expire (at most an hour).                       │                            │
        │                            │                                                            │                            │
        │                            │                              Sign out of every device? y/N │                            │
        │                            └────────────────────────────────────────────────────────────┘                            │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         y sign out everywhere · any other key cancel
        """#
    static let globalSignOutConfirm_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                       │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  Cognito user pool                                          │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc             │
        │ ID token          expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Access ┌─ Sign out everywhere ──────────────────────────────────────┐        │
        │ Refres │ Every device's refresh token is revoked, so no device can  │        │
        │ AWS cr │ renew its session. Access tokens already issued stay valid │        │
        │ Connec │ until they expire (at most an hour).                       │        │
        └─────── │                                                            │ ───────┘
         No call │                              Sign out of every device? y/N │
        ┌─ Event └────────────────────────────────────────────────────────────┘ ───────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         y sign out everywhere · any other key cancel
        """#
    static let signInEmpty_60x20 = #"""
         … Starting · local                                Latchkey

         ┌─ Sign in ──────────────────────────────────────────────┐
         │                                                        │
         │› Username  name or email                               │
         │  Password                                              │
         │                                                        │
         │  [ Sign in ]  Create account  Forgot password          │
         │                                                        │
         └────────────────────────────────────────────────────────┘









         Tab next · Enter continue · Ctrl-C quit · F1 help
        """#

    static let signInWithError_60x20 = #"""
         … Starting · local                                Latchkey

         ┌─ Sign in ──────────────────────────────────────────────┐
         │                                                        │
         │  Username  alice                                       │
         │› Password                                              │
         │                                                        │
         │  ✖ The username or password is incorrect. Try again,   │
         │    or choose Forgot password below.                    │
         │                                                        │
         │  [ Sign in ]  Create account  Forgot password          │
         │                                                        │
         └────────────────────────────────────────────────────────┘






         Tab next · Enter continue · Ctrl-T show password · F1 more
        """#

    static let signUpWithPolicy_60x20 = #"""
         … Starting · local                                Latchkey

         ┌─ Create account ───────────────────────────────────────┐
         │                                                        │
         │  Username  bob                                         │
         │› Password  •••••••                                     │
         │  The password needs:                                   │
         │  ✖ At least 8 characters   ✖ An uppercase letter       │
         │  ✔ A lowercase letter      ✔ A number                  │
         │  ✖ A symbol, such as ! @ # $                           │
         │  Email     name@example.com                            │
         │                                                        │
         │  [ Create account ]  Back to sign in                   │
         │                                                        │
         └────────────────────────────────────────────────────────┘




         Tab next · Enter continue · Ctrl-T show password · F1 more
        """#

    static let totpCode_60x20 = #"""
         … Starting · local                                Latchkey

         ┌─ Enter the authenticator code ─────────────────────────┐
         │                                                        │
         │  Enter the 6-digit code from your authenticator app.   │
         │                                                        │
         │› Code  6 digits                                        │
         │                                                        │
         │  [ Verify ]  [ Cancel ]                                │
         │                                                        │
         └────────────────────────────────────────────────────────┘








         Tab next · Enter continue · Ctrl-C quit · F1 more
        """#

    static let totpSetup_60x20 = #"""
         … Starting · local                                Latchkey
         ┌─ Set up an authenticator app ──────────────────────────┐
         │                                                        │
         │  Scan the QR code with your authenticator app, or      │
         │  type the secret. Then enter the 6-digit code it       │
         │  shows.                                                │
         │                                                        │
         │  Secret  JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP       │
         │  Or add this URI (one line, to copy):                  │
        otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3D
        PEHPK3PXP&issuer=Latchkey
         │  Enlarge the terminal to show a QR code.               │
         │                                                        │
         │› Code    6 digits                                      │
         │                                                        │
         │  [ Verify ]  [ Cancel ]                                │
         │                                                        │
         └────────────────────────────────────────────────────────┘

         Tab next · Enter continue · Ctrl-C quit · F1 more
        """#

    static let dashboard_60x20 = #"""
         ✔ Signed in · alice · local                       Latchkey
        ┌─ Session ────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                   │
        │ Username          alice                                  │
        │ Authenticated by  Cognito user pool                      │
        │ Active providers  Cognito user pool                      │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123… │
        │ ID token          expires 22:56:20, in 43 min            │
        │ Access token      expires 22:56:20, in 43 min            │
        │ Refresh token     stored                                 │
        │ AWS credentials   expires 23:05:20, in 52 min            │
        │ Connectivity      ✔ online                               │
        └──────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────┐
        │ 22:12:50 GetUser #1 started                              │
        │ 22:12:50 GetUser #1 ok                                   │
        └──────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · ? more
        """#

    static let dashboard_200x60 = #"""
         ✔ Signed in · alice · local                                                                                                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                                                                                                               │
        │ Username          alice                                                                                                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                                                                                                  │
        │ Active providers  Cognito user pool                                                                                                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                                                                                                     │
        │ ID token          expires 22:56:20, in 43 min      [███████████████████████████████████░░░░░░░░░░░░░░░]  71%                                                                                         │
        │ Access token      expires 22:56:20, in 43 min      [███████████████████████████████████░░░░░░░░░░░░░░░]  71%                                                                                         │
        │ Refresh token     stored                                                                                                                                                                             │
        │ AWS credentials   expires 23:05:20, in 52 min      [█████████████████████████████████████░░░░░░░░░░░░░]  75%                                                                                         │
        │ Connectivity      ✔ online                                                                                                                                                                           │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                                                                                                     │
        │ 22:12:50 GetUser #1 started                                                                                                                                                                          │
        │ 22:12:50 GetUser #1 ok                                                                                                                                                                               │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        │                                                                                                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · O sign out everywhere · C 5 calls · ? help
        """#

    static let signInEmpty_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Sign in ────────────────────────────────────────────────┐
                  │                                                          │
                  │ › Username  name or email                                │
                  │   Password                                               │
                  │                                                          │
                  │   [ Sign in ]  Create account  Forgot password           │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘











         Tab next · Enter continue · Ctrl-C quit · F1 help
        """#

    static let signInEmpty_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Sign in ────────────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │ › Username  name or email                                                    │
                            │   Password                                                                   │
                            │                                                                              │
                            │   [ Sign in ]  Create account  Forgot password                               │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘



















         Tab next · Enter continue · Ctrl-C quit · F1 help
        """#

    static let signInWithError_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Sign in ────────────────────────────────────────────────┐
                  │                                                          │
                  │   Username  alice                                        │
                  │ › Password                                               │
                  │                                                          │
                  │   ✖ The username or password is incorrect. Try again,    │
                  │     or choose Forgot password below.                     │
                  │                                                          │
                  │   [ Sign in ]  Create account  Forgot password           │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘








         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 help
        """#

    static let signInWithError_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Sign in ────────────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Username  alice                                                            │
                            │ › Password                                                                   │
                            │                                                                              │
                            │   ✖ The username or password is incorrect. Try again, or choose Forgot       │
                            │     password below.                                                          │
                            │                                                                              │
                            │   [ Sign in ]  Create account  Forgot password                               │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘
















         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 help
        """#

    static let signInInFlight_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Sign in ────────────────────────────────────────────────┐
                  │                                                          │
                  │   Username  alice                                        │
                  │ › Password                                               │
                  │                                                          │
                  │   [ Sign in ]  Create account  Forgot password           │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘










         ⠋ Signing in…
         Esc cancel request · Ctrl-C quit
        """#

    static let signInInFlight_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Sign in ────────────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Username  alice                                                            │
                            │ › Password                                                                   │
                            │                                                                              │
                            │   [ Sign in ]  Create account  Forgot password                               │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘


















         ⠋ Signing in…
         Esc cancel request · Ctrl-C quit
        """#

    static let signUpWithPolicy_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Create account ─────────────────────────────────────────┐
                  │                                                          │
                  │   Username  bob                                          │
                  │ › Password  •••••••                                      │
                  │   The password needs:                                    │
                  │   ✖ At least 8 characters   ✖ An uppercase letter        │
                  │   ✔ A lowercase letter      ✔ A number                   │
                  │   ✖ A symbol, such as ! @ # $                            │
                  │   Email     name@example.com                             │
                  │                                                          │
                  │   [ Create account ]  Back to sign in                    │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘






         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 more
        """#

    static let signUpWithPolicy_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Create account ─────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Username  bob                                                              │
                            │ › Password  •••••••                                                          │
                            │   The password needs:                                                        │
                            │   ✖ At least 8 characters             ✖ An uppercase letter                  │
                            │   ✔ A lowercase letter                ✔ A number                             │
                            │   ✖ A symbol, such as ! @ # $                                                │
                            │   Email     name@example.com                                                 │
                            │                                                                              │
                            │   [ Create account ]  Back to sign in                                        │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘














         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · Esc back · F1 help
        """#

    static let confirmCode_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Confirm your account ───────────────────────────────────┐
                  │                                                          │
                  │   We sent a confirmation code in an email to             │
                  │   b***@e***. Enter it below.                             │
                  │                                                          │
                  │ › Code  1234                                             │
                  │                                                          │
                  │   [ Confirm ]  Resend code (30 s)  Back to sign in       │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘









         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let confirmCode_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Confirm your account ───────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   We sent a confirmation code in an email to b***@e***. Enter it below.      │
                            │                                                                              │
                            │ › Code  1234                                                                 │
                            │                                                                              │
                            │   [ Confirm ]  Resend code (30 s)  Back to sign in                           │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘


















         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let forgotRequest_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Reset your password ────────────────────────────────────┐
                  │                                                          │
                  │   Enter your username. We will send a code to reset      │
                  │   the password.                                          │
                  │                                                          │
                  │ › Username  alice                                        │
                  │                                                          │
                  │   [ Send code ]  Back                                    │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘









         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let forgotRequest_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Reset your password ────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Enter your username. We will send a code to reset the password.            │
                            │                                                                              │
                            │ › Username  alice                                                            │
                            │                                                                              │
                            │   [ Send code ]  Back                                                        │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘


















         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let forgotReset_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Reset your password ────────────────────────────────────┐
                  │                                                          │
                  │   ℹ We sent a reset code in an email to a***@e***.       │
                  │     Enter it with a new password.                        │
                  │                                                          │
                  │   Code          123456                                   │
                  │ › New password  ••••••••••                               │
                  │   The password needs:                                    │
                  │   ✔ At least 8 characters   ✔ An uppercase letter        │
                  │   ✔ A lowercase letter      ✔ A number                   │
                  │   ✖ A symbol, such as ! @ # $                            │
                  │                                                          │
                  │   [ Reset password ]  Resend code (30 s)  Back           │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘




         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 more
        """#

    static let forgotReset_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Reset your password ────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   ℹ We sent a reset code in an email to a***@e***. Enter it with a new       │
                            │     password.                                                                │
                            │                                                                              │
                            │   Code          123456                                                       │
                            │ › New password  ••••••••••                                                   │
                            │   The password needs:                                                        │
                            │   ✔ At least 8 characters             ✔ An uppercase letter                  │
                            │   ✔ A lowercase letter                ✔ A number                             │
                            │   ✖ A symbol, such as ! @ # $                                                │
                            │                                                                              │
                            │   [ Reset password ]  Resend code (30 s)  Back                               │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘












         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · Esc back · F1 help
        """#

    static let newPassword_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Choose a new password ──────────────────────────────────┐
                  │                                                          │
                  │   Your account needs a new password before you can       │
                  │   sign in.                                               │
                  │                                                          │
                  │ › New password      ••••                                 │
                  │   Confirm password                                       │
                  │   ✖ At least 8 characters   ✔ An uppercase letter        │
                  │   ✔ A lowercase letter      ✖ A number                   │
                  │   ✖ A symbol, such as ! @ # $                            │
                  │                                                          │
                  │   [ Set password ]  [ Cancel ]                           │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘





         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 more
        """#

    static let newPassword_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Choose a new password ──────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Your account needs a new password before you can sign in.                  │
                            │                                                                              │
                            │ › New password      ••••                                                     │
                            │   Confirm password                                                           │
                            │   ✖ At least 8 characters             ✔ An uppercase letter                  │
                            │   ✔ A lowercase letter                ✖ A number                             │
                            │   ✖ A symbol, such as ! @ # $                                                │
                            │                                                                              │
                            │   [ Set password ]  [ Cancel ]                                               │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘














         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpCode_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Enter the authenticator code ───────────────────────────┐
                  │                                                          │
                  │   Enter the 6-digit code from your authenticator app.    │
                  │                                                          │
                  │ › Code  6 digits                                         │
                  │                                                          │
                  │   [ Verify ]  [ Cancel ]                                 │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘










         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpCode_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Enter the authenticator code ───────────────────────────────────────────────┐
                            │                                                                              │
                            │   Enter the 6-digit code from your authenticator app.                        │
                            │                                                                              │
                            │ › Code  6 digits                                                             │
                            │                                                                              │
                            │   [ Verify ]  [ Cancel ]                                                     │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘


















         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpSetup_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Set up an authenticator app ────────────────────────────┐
                  │                                                          │
                  │   Scan the QR code with your authenticator app, or       │
                  │   type the secret. Then enter the 6-digit code it        │
                  │   shows.                                                 │
                  │                                                          │
                  │   Secret  JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP        │
                  │   Or add this URI (one line, to copy):                   │
        otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Lat
        chkey
                  │   Enlarge the terminal to show a QR code.                │
                  │                                                          │
                  │ › Code    6 digits                                       │
                  │                                                          │
                  │   [ Verify ]  [ Cancel ]                                 │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘


         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpSetup_120x40 = #"""
         … Starting · local                                                                                            Latchkey

                            ┌─ Set up an authenticator app ────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Scan the QR code with your authenticator app, or type the secret. Then     │
                            │   enter the 6-digit code it shows.                                           │
                            │                                                                              │
                            │                  █████████████████████████████████████████                   │
                            │                  ██ ▄▄▄▄▄ █ ██▀▀  ▀▄█▀ ▀█▄██▄ ▄ █ ▄▄▄▄▄ ██                   │
                            │                  ██ █   █ █  ▀█ █▄█▀▄█▀▀ ▄▀▀▀  ▀█ █   █ ██                   │
                            │                  ██ █▄▄▄█ █▀  █▄███▀▀▄ ▀▄▄▄▄▄▀▄ █ █▄▄▄█ ██                   │
                            │                  ██▄▄▄▄▄▄▄█▄█ ▀▄▀▄▀ ▀▄█▄▀ █▄█▄█ █▄▄▄▄▄▄▄██                   │
                            │                  ██  ▀▀▄▄▄▀█▀▄█▄ ▀   ▀ ██ ▄▄▀▀▀ ██▄▀ ▄ ▄██                   │
                            │                  ███▄▀█▀█▄█▀▀██▀█▀ █ ▀▀▄   ██ ▄█▄▀▀█▄ ████                   │
                            │                  ██▀▄█▄▀▀▄ ▀ █▄▀▄▄▀▀▄█▄▀▀▄██▀█ ▄▄▄█▀█  ▄██                   │
                            │                  ██ █▄ █▄▄██ ▄ ▄ ▄▄▀▀▀▀▄▀  ██▄ █ ▄▄█  ████                   │
                            │                  ██ █ ▄█ ▄ ▄ ▀█▄ ▀ ▀▄█▀▄█▄▄▄█▄▀▀▄▄▄▀▄ █▄██                   │
                            │                  ██▄ █▄ ▄▄▀▄█ █▀█▀  ▀▀██▀   █ ▄▀▄ ▀▀ ▀▀███                   │
                            │                  ██▄██  ▀▄▀  ▀▄▀▄▄ ▀▄█ ██ █▄▄▀▀▀▄▄▄ ▀ ▀▄██                   │
                            │                  ███▀ ▄▄█▄█ ▄█ ▄ ▄▄▀  ██▀▄ █▄█ ▀██  ▀▀▀███                   │
                            │                  ██▀ ▀█  ▄▄▀ ▄█▄ ▀▀▀▄▀▀▄█ ██ ▀ ▀ ▄ ▀▀  ▄██                   │
                            │                  ████ █ ▄▄  █ █▀█▀ ▄  █ ▀█ ▀▄█ ▄▄▄███▀█▀██                   │
                            │                  ██▄▄█▄█▄▄█▀ ▀▄▀▄▄▀ ▄█ ▄▀ █▄ █▄ ▄▄▄  ▄▄███                   │
                            │                  ██ ▄▄▄▄▄ █▀ █ ▄ ▄ ▀▀███ ▄▄▄▄▀█ █▄█ ▄ ████                   │
                            │                  ██ █   █ █▄ ▀█▄ ▀▀▀ ▄ █▄▀▀▀ █▀▄▄ ▄▄▀   ██                   │
                            │                  ██ █▄▄▄█ █▀█ █▀█▀ ▄  █▀▀▄ ▄▄  ▄▀ ▄██▀▀███                   │
                            │                  ██▄▄▄▄▄▄▄█▄██▄█▄▄▄███▄▄█▄▄█▄█▄████▄▄▄▄▄██                   │
                            │                  ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀                   │
                            │                                                                              │
                            │   Secret  JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP                            │
                            │   Or add this URI (one line, to copy):                                       │
        otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Latchkey
                            │                                                                              │
                            │ › Code    6 digits                                                           │
                            │                                                                              │
                            │   [ Verify ]  [ Cancel ]                                                     │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘

         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let selectMFA_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Choose how to verify ───────────────────────────────────┐
                  │                                                          │
                  │   How do you want to verify this sign-in?                │
                  │                                                          │
                  │ › Text message (SMS)                                     │
                  │   Authenticator app                                      │
                  │                                                          │
                  │   [ Cancel ]                                             │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘









         ↑/↓ choose · Enter select · q quit · Esc back · ? help
        """#

    static let selectMFA_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Choose how to verify ───────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   How do you want to verify this sign-in?                                    │
                            │                                                                              │
                            │ › Text message (SMS)                                                         │
                            │   Authenticator app                                                          │
                            │                                                                              │
                            │   [ Cancel ]                                                                 │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘

















         ↑/↓ choose · Enter select · q quit · Esc back · ? help
        """#

    static let dashboard_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                       │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  Cognito user pool                                          │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc             │
        │ ID token          expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Access token      expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Refresh token     stored                                                     │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████░░░]  75%         │
        │ Connectivity      ✔ online                                                   │
        └──────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │                                                                              │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · ? more
        """#

    static let dashboard_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     stored                                                                                             │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✔ online                                                                                           │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 started                                                                                          │
        │ 22:12:50 GetUser #1 ok                                                                                               │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · O sign out everywhere · ? more
        """#

    static let dashboardOffline_80x24 = #"""
         ⚠ Offline · alice · local                                             Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                       │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  Cognito user pool                                          │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc             │
        │ ID token          expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Access token      expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Refresh token     stored                                                     │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████░░░]  75%         │
        │ Connectivity      ✖ offline since 22:10:10 (3 min ago) — The connection was… │
        └──────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │ 22:13:20 Offline: The connection was refused (localhost:9229)                │
        │                                                                              │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · ? more
        """#

    static let dashboardOffline_120x40 = #"""
         ⚠ Offline · alice · local                                                                                     Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     stored                                                                                             │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✖ offline since 22:10:10 (3 min ago) — The connection was refused (localhost:9229)                 │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 started                                                                                          │
        │ 22:12:50 GetUser #1 ok                                                                                               │
        │ 22:13:20 Offline: The connection was refused (localhost:9229)                                                        │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · O sign out everywhere · ? more
        """#

    static let dashboardPending_80x24 = #"""
         ✖ Session expired: sign in again · alice · local                      Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Sign-in needed (signedOutUserPoolsTokenInvalid)            │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  Cognito user pool                                          │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc             │
        │ ID token          expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Access token      expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Refresh token     rejected; sign in again                                    │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████░░░]  75%         │
        │ Connectivity      ✔ online                                                   │
        └──────────────────────────────────────────────────────────────────────────────┘
         ⚠ 2 calls waiting for sign-in
           GetUser #3  waiting 12 s for sign-in
           GetUser #4  waiting 5 s for sign-in
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │ 22:13:20 State: signedOutUserPoolsTokenInvalid (alice)                       │
        └──────────────────────────────────────────────────────────────────────────────┘

         s sign in again · c call · r refresh · o sign out · q quit · ? more
        """#

    static let dashboardPending_120x40 = #"""
         ✖ Session expired: sign in again · alice · local                                                              Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Sign-in needed (signedOutUserPoolsTokenInvalid)                                                    │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     rejected; sign in again                                                                            │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✔ online                                                                                           │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         ⚠ 2 calls waiting for sign-in
           GetUser #3  waiting 12 s for sign-in
           GetUser #4  waiting 5 s for sign-in
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 started                                                                                          │
        │ 22:12:50 GetUser #1 ok                                                                                               │
        │ 22:13:20 State: signedOutUserPoolsTokenInvalid (alice)                                                               │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         s sign in again · c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · ? more
        """#

    static let relogin_80x24 = #"""
         ✖ Session expired: sign in again · alice · local                      Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Sign-in needed (signedOutUserPoolsTokenInvalid)            │
        │ Username          alice                                                      │
        │ Authent ┌─ Sign in again ──────────────────────────────────────────┐         │
        │ Active  │                                                          │         │
        │ Identit │   Your session ended and cannot be renewed. Sign in      │         │
        │ ID toke │   again to continue.                                     │         │
        │ Access  │   ⚠ 2 calls are waiting for you to sign in.              │         │
        │ Refresh │                                                          │         │
        │ AWS cre │   Username  alice                                        │         │
        │ Connect │ › Password                                               │         │
        └──────── │                                                          │ ────────┘
         ⚠ 2 call │   [ Sign in ]  Forgot password  Cancel                   │
           GetUse │                                                          │
           GetUse └──────────────────────────────────────────────────────────┘
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │ 22:13:20 State: signedOutUserPoolsTokenInvalid (alice)                       │
        └──────────────────────────────────────────────────────────────────────────────┘

         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · F1 more
        """#

    static let relogin_120x40 = #"""
         ✖ Session expired: sign in again · alice · local                                                              Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Sign-in needed (signedOutUserPoolsTokenInvalid)                                                    │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     rejected; sign in again                                                                            │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✔ online                                                                                           │
        └────────────────── ┌─ Sign in again ──────────────────────────────────────────────────────────────┐ ──────────────────┘
         ⚠ 2 calls waiting  │                                                                              │
           GetUser #3  wait │   Your session ended and cannot be renewed. Sign in again to continue.       │
           GetUser #4  wait │   ⚠ 2 calls are waiting for you to sign in.                                  │
        ┌─ Events ───────── │                                                                              │ ──────────────────┐
        │ 22:12:20 State: s │   Username  alice                                                            │                   │
        │ 22:12:50 GetUser  │ › Password                                                                   │                   │
        │ 22:12:50 GetUser  │                                                                              │                   │
        │ 22:13:20 State: s │   [ Sign in ]  Forgot password  Cancel                                       │                   │
        │                   │                                                                              │                   │
        │                   └──────────────────────────────────────────────────────────────────────────────┘                   │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         Tab next · Enter continue · Ctrl-T show password · Ctrl-C quit · Esc cancel · F1 help
        """#

    static let help_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
         ┌─ Keys ─────────────────────────────────────────────────────────────────────┐
         │                                                                            │
         │  c       one GetUser call                                                  │
         │  C       five GetUser calls at once                                        │
         │  r       refresh the tokens now                                            │
         │  o       sign out on this device                                           │
         │  O       sign out everywhere (asks first; revokes every device's refresh…  │
         │  s       sign in again (when the session expired)                          │
         │  m       Security: read the MFA settings                                   │
         │  e       Security: email MFA on/off (E: prefer email)                      │
         │  t       Security: set up an authenticator app (TOTP)                      │
         │  T       Security: authenticator app (TOTP) off                            │
         │  x       Security: SMS MFA on/off (X: prefer SMS)                          │
         │  v       devices: list, forget, remember                                   │
         │  p / y   profile / copy a token to the clipboard (then i: ID, a: access)   │
         │  ↑ ↓ PgUp PgDn Home End   scroll the event log                             │
         │  ?       this help                                                         │
         │                                                                            │
         │                                                       Esc or ? close help  │
         │                                                                            │
         └────────────────────────────────────────────────────────────────────────────┘

         Esc or ? close help
        """#

    static let help_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token    ┌─ Keys ───────────────────────────────────────────────────────────────────────────┐                 │
        │ Refresh token   │                                                                                  │                 │
        │ AWS credentials │  c       one GetUser call                                                        │                 │
        │ Connectivity    │  C       five GetUser calls at once                                              │                 │
        └──────────────── │  r       refresh the tokens now                                                  │ ────────────────┘
         No calls waiting │  o       sign out on this device                                                 │
        ┌─ Events ─────── │  O       sign out everywhere (asks first; revokes every device's refresh token)  │ ────────────────┐
        │ 22:12:20 State: │  s       sign in again (when the session expired)                                │                 │
        │ 22:12:50 GetUse │  m       Security: read the MFA settings                                         │                 │
        │ 22:12:50 GetUse │  e       Security: email MFA on/off (E: prefer email)                            │                 │
        │                 │  t       Security: set up an authenticator app (TOTP)                            │                 │
        │                 │  T       Security: authenticator app (TOTP) off                                  │                 │
        │                 │  x       Security: SMS MFA on/off (X: prefer SMS)                                │                 │
        │                 │  v       devices: list, forget, remember                                         │                 │
        │                 │  p / y   profile / copy a token to the clipboard (then i: ID, a: access)         │                 │
        │                 │  ↑ ↓ PgUp PgDn Home End   scroll the event log                                   │                 │
        │                 │  ?       this help                                                               │                 │
        │                 │  q       quit                                                                    │                 │
        │                 │                                                                                  │                 │
        │                 │                                                             Esc or ? close help  │                 │
        │                 │                                                                                  │                 │
        │                 └──────────────────────────────────────────────────────────────────────────────────┘                 │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         Esc or ? close help
        """#

    static let terminalTooSmall_50x16 = #"""







            Terminal too small: need 60x20, have 50x16
           Enlarge the window, or press Ctrl-C to quit.







        """#

    static let signUpFromPool_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Create account ─────────────────────────────────────────┐
                  │                                                          │
                  │   Email       erin@example.com                           │
                  │   Password    ••••••••                                   │
                  │   The password needs:                                    │
                  │   ✔ At least 8 characters   ✔ An uppercase letter        │
                  │   ✔ A lowercase letter      ✔ A number                   │
                  │   Name        Erin Example                               │
                  │   Birth date  1990-02-30                                 │
                  │               ✖ Enter birth date as YYYY-MM-DD, such     │
                  │                 as 1990-04-23.                           │
                  │   We will send a verification code to your email.        │
                  │                                                          │
                  │   [ Create account ]  Back to sign in                    │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘



         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let signUpFromPool_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Create account ─────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Email       erin@example.com                                               │
                            │   Password    ••••••••                                                       │
                            │   The password needs:                                                        │
                            │   ✔ At least 8 characters             ✔ An uppercase letter                  │
                            │   ✔ A lowercase letter                ✔ A number                             │
                            │   Name        Erin Example                                                   │
                            │   Birth date  1990-02-30                                                     │
                            │               ✖ Enter birth date as YYYY-MM-DD, such as 1990-04-23.          │
                            │   We will send a verification code to your email.                            │
                            │                                                                              │
                            │   [ Create account ]  Back to sign in                                        │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘












         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let dashboardWithPool_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                       │
        │ Username          alice                                                      │
        │ Authenticated by  Cognito user pool                                          │
        │ Active providers  Cognito user pool                                          │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc             │
        │ ID token          expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Access token      expires 22:56:20, in 43 min      [███████░░░]  71%         │
        │ Refresh token     stored                                                     │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████░░░]  75%         │
        │ Connectivity      ✔ online                                                   │
        │ Pool              MFA: optional (TOTP, SMS)                                  │
        │ Not used yet      auth.oauth                                                 │
        └──────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                             │
        │ 22:12:50 GetUser #1 started                                                  │
        │ 22:12:50 GetUser #1 ok                                                       │
        │                                                                              │
        └──────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · ? more
        """#

    static let dashboardWithPool_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey
        ┌─ Session ────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ User state        Signed in (signedIn)                                                                               │
        │ Username          alice                                                                                              │
        │ Authenticated by  Cognito user pool                                                                                  │
        │ Active providers  Cognito user pool                                                                                  │
        │ Identity id       us-east-1:7d3c9f2a-1b2c-4d5e-8f90-123456789abc                                                     │
        │ ID token          expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Access token      expires 22:56:20, in 43 min      [██████████████████████████████░░░░░░░░░░░░]  71%                 │
        │ Refresh token     stored                                                                                             │
        │ AWS credentials   expires 23:05:20, in 52 min      [███████████████████████████████░░░░░░░░░░░]  75%                 │
        │ Connectivity      ✔ online                                                                                           │
        │ Pool              MFA: optional (TOTP, SMS)                                                                          │
        │ Not used yet      auth.oauth                                                                                         │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
         No calls waiting
        ┌─ Events ─────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
        │ 22:12:20 State: signedIn (alice)                                                                                     │
        │ 22:12:50 GetUser #1 started                                                                                          │
        │ 22:12:50 GetUser #1 ok                                                                                               │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        │                                                                                                                      │
        └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

         c call · r refresh · o sign out · q quit · p profile · v devices · y copy token · O sign out everywhere · ? more
        """#

    static let signInUserAuth_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Sign in ────────────────────────────────────────────────┐
                  │                                                          │
                  │ › Username  alice                                        │
                  │                                                          │
                  │   [ Continue ]  Create account  Forgot password          │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘












         Tab next · Enter continue · Ctrl-C quit · F1 help
        """#

    static let signInUserAuth_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Sign in ────────────────────────────────────────────────────────────────────┐
                            │                                                                              │
                            │ › Username  alice                                                            │
                            │                                                                              │
                            │   [ Continue ]  Create account  Forgot password                              │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘




















         Tab next · Enter continue · Ctrl-C quit · F1 help
        """#

    static let selectSignInMethod_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Choose how to sign in ──────────────────────────────────┐
                  │                                                          │
                  │   How do you want to sign in?                            │
                  │                                                          │
                  │   Password                                               │
                  │ › Code by email                                          │
                  │   Code by text message                                   │
                  │   Passkey — not available in a terminal                  │
                  │                                                          │
                  │   [ Cancel ]                                             │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘







         ↑/↓ choose · Enter select · q quit · Esc back · ? help
        """#

    static let selectSignInMethod_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Choose how to sign in ──────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   How do you want to sign in?                                                │
                            │                                                                              │
                            │   Password                                                                   │
                            │ › Code by email                                                              │
                            │   Code by text message                                                       │
                            │   Passkey — not available in a terminal                                      │
                            │                                                                              │
                            │   [ Cancel ]                                                                 │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘















         ↑/↓ choose · Enter select · q quit · Esc back · ? help
        """#

    static let emailCodeResent_80x24 = #"""
         … Starting · local                                                    Latchkey



                  ┌─ Enter the emailed code ─────────────────────────────────┐
                  │                                                          │
                  │   Enter the 6-digit code we sent in an email to          │
                  │   a***@e***.                                             │
                  │   ℹ A new code was sent in an email to a***@e***.        │
                  │                                                          │
                  │ › Code  6 digits                                         │
                  │                                                          │
                  │   [ Verify ]  [ Cancel ]  Resend code                    │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘








         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let emailCodeResent_120x40 = #"""
         … Starting · local                                                                                            Latchkey











                            ┌─ Enter the emailed code ─────────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Enter the 6-digit code we sent in an email to a***@e***.                   │
                            │   ℹ A new code was sent in an email to a***@e***.                            │
                            │                                                                              │
                            │ › Code  6 digits                                                             │
                            │                                                                              │
                            │   [ Verify ]  [ Cancel ]  Resend code                                        │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘

















         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpEnrolment_80x24 = #"""
         ✔ Signed in · alice · local                                           Latchkey



                  ┌─ Set up an authenticator app ────────────────────────────┐
                  │                                                          │
                  │   Scan the QR code with your authenticator app, or       │
                  │   type the secret. Then enter the 6-digit code it        │
                  │   shows.                                                 │
                  │                                                          │
                  │   Secret  JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP        │
                  │   Or add this URI (one line, to copy):                   │
        otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Lat
        chkey
                  │   Enlarge the terminal to show a QR code.                │
                  │                                                          │
                  │ › Code    6 digits                                       │
                  │                                                          │
                  │   [ Verify ]  [ Cancel ]                                 │
                  │                                                          │
                  └──────────────────────────────────────────────────────────┘


         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#

    static let totpEnrolment_120x40 = #"""
         ✔ Signed in · alice · local                                                                                   Latchkey

                            ┌─ Set up an authenticator app ────────────────────────────────────────────────┐
                            │                                                                              │
                            │   Scan the QR code with your authenticator app, or type the secret. Then     │
                            │   enter the 6-digit code it shows.                                           │
                            │                                                                              │
                            │                  █████████████████████████████████████████                   │
                            │                  ██ ▄▄▄▄▄ █ ██▀▀  ▀▄█▀ ▀█▄██▄ ▄ █ ▄▄▄▄▄ ██                   │
                            │                  ██ █   █ █  ▀█ █▄█▀▄█▀▀ ▄▀▀▀  ▀█ █   █ ██                   │
                            │                  ██ █▄▄▄█ █▀  █▄███▀▀▄ ▀▄▄▄▄▄▀▄ █ █▄▄▄█ ██                   │
                            │                  ██▄▄▄▄▄▄▄█▄█ ▀▄▀▄▀ ▀▄█▄▀ █▄█▄█ █▄▄▄▄▄▄▄██                   │
                            │                  ██  ▀▀▄▄▄▀█▀▄█▄ ▀   ▀ ██ ▄▄▀▀▀ ██▄▀ ▄ ▄██                   │
                            │                  ███▄▀█▀█▄█▀▀██▀█▀ █ ▀▀▄   ██ ▄█▄▀▀█▄ ████                   │
                            │                  ██▀▄█▄▀▀▄ ▀ █▄▀▄▄▀▀▄█▄▀▀▄██▀█ ▄▄▄█▀█  ▄██                   │
                            │                  ██ █▄ █▄▄██ ▄ ▄ ▄▄▀▀▀▀▄▀  ██▄ █ ▄▄█  ████                   │
                            │                  ██ █ ▄█ ▄ ▄ ▀█▄ ▀ ▀▄█▀▄█▄▄▄█▄▀▀▄▄▄▀▄ █▄██                   │
                            │                  ██▄ █▄ ▄▄▀▄█ █▀█▀  ▀▀██▀   █ ▄▀▄ ▀▀ ▀▀███                   │
                            │                  ██▄██  ▀▄▀  ▀▄▀▄▄ ▀▄█ ██ █▄▄▀▀▀▄▄▄ ▀ ▀▄██                   │
                            │                  ███▀ ▄▄█▄█ ▄█ ▄ ▄▄▀  ██▀▄ █▄█ ▀██  ▀▀▀███                   │
                            │                  ██▀ ▀█  ▄▄▀ ▄█▄ ▀▀▀▄▀▀▄█ ██ ▀ ▀ ▄ ▀▀  ▄██                   │
                            │                  ████ █ ▄▄  █ █▀█▀ ▄  █ ▀█ ▀▄█ ▄▄▄███▀█▀██                   │
                            │                  ██▄▄█▄█▄▄█▀ ▀▄▀▄▄▀ ▄█ ▄▀ █▄ █▄ ▄▄▄  ▄▄███                   │
                            │                  ██ ▄▄▄▄▄ █▀ █ ▄ ▄ ▀▀███ ▄▄▄▄▀█ █▄█ ▄ ████                   │
                            │                  ██ █   █ █▄ ▀█▄ ▀▀▀ ▄ █▄▀▀▀ █▀▄▄ ▄▄▀   ██                   │
                            │                  ██ █▄▄▄█ █▀█ █▀█▀ ▄  █▀▀▄ ▄▄  ▄▀ ▄██▀▀███                   │
                            │                  ██▄▄▄▄▄▄▄█▄██▄█▄▄▄███▄▄█▄▄█▄█▄████▄▄▄▄▄██                   │
                            │                  ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀                   │
                            │                                                                              │
                            │   Secret  JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP                            │
                            │   Or add this URI (one line, to copy):                                       │
        otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Latchkey
                            │                                                                              │
                            │ › Code    6 digits                                                           │
                            │                                                                              │
                            │   [ Verify ]  [ Cancel ]                                                     │
                            │                                                                              │
                            └──────────────────────────────────────────────────────────────────────────────┘

         Tab next · Enter continue · Ctrl-C quit · Esc back · F1 help
        """#
}

let snapshotCases: [SnapshotCase] = [
    SnapshotCase("globalSignOutConfirm", 80, 24, Snapshots.globalSignOutConfirm_80x24),
    SnapshotCase("globalSignOutConfirm", 120, 40, Snapshots.globalSignOutConfirm_120x40),
    SnapshotCase("signInEmpty", 80, 24, Snapshots.signInEmpty_80x24),
    SnapshotCase("signInEmpty", 120, 40, Snapshots.signInEmpty_120x40),
    SnapshotCase("signInWithError", 80, 24, Snapshots.signInWithError_80x24),
    SnapshotCase("signInWithError", 120, 40, Snapshots.signInWithError_120x40),
    SnapshotCase("signInInFlight", 80, 24, Snapshots.signInInFlight_80x24),
    SnapshotCase("signInInFlight", 120, 40, Snapshots.signInInFlight_120x40),
    SnapshotCase("signUpWithPolicy", 80, 24, Snapshots.signUpWithPolicy_80x24),
    SnapshotCase("signUpWithPolicy", 120, 40, Snapshots.signUpWithPolicy_120x40),
    SnapshotCase("signUpFromPool", 80, 24, Snapshots.signUpFromPool_80x24),
    SnapshotCase("signUpFromPool", 120, 40, Snapshots.signUpFromPool_120x40),
    SnapshotCase("dashboardWithPool", 80, 24, Snapshots.dashboardWithPool_80x24),
    SnapshotCase("dashboardWithPool", 120, 40, Snapshots.dashboardWithPool_120x40),
    SnapshotCase("confirmCode", 80, 24, Snapshots.confirmCode_80x24),
    SnapshotCase("confirmCode", 120, 40, Snapshots.confirmCode_120x40),
    SnapshotCase("forgotRequest", 80, 24, Snapshots.forgotRequest_80x24),
    SnapshotCase("forgotRequest", 120, 40, Snapshots.forgotRequest_120x40),
    SnapshotCase("forgotReset", 80, 24, Snapshots.forgotReset_80x24),
    SnapshotCase("forgotReset", 120, 40, Snapshots.forgotReset_120x40),
    SnapshotCase("newPassword", 80, 24, Snapshots.newPassword_80x24),
    SnapshotCase("newPassword", 120, 40, Snapshots.newPassword_120x40),
    SnapshotCase("totpCode", 80, 24, Snapshots.totpCode_80x24),
    SnapshotCase("totpCode", 120, 40, Snapshots.totpCode_120x40),
    SnapshotCase("totpSetup", 80, 24, Snapshots.totpSetup_80x24),
    SnapshotCase("totpSetup", 120, 40, Snapshots.totpSetup_120x40),
    SnapshotCase("selectMFA", 80, 24, Snapshots.selectMFA_80x24),
    SnapshotCase("selectMFA", 120, 40, Snapshots.selectMFA_120x40),
    SnapshotCase("dashboard", 80, 24, Snapshots.dashboard_80x24),
    SnapshotCase("dashboard", 120, 40, Snapshots.dashboard_120x40),
    SnapshotCase("dashboardOffline", 80, 24, Snapshots.dashboardOffline_80x24),
    SnapshotCase("dashboardOffline", 120, 40, Snapshots.dashboardOffline_120x40),
    SnapshotCase("dashboardPending", 80, 24, Snapshots.dashboardPending_80x24),
    SnapshotCase("dashboardPending", 120, 40, Snapshots.dashboardPending_120x40),
    SnapshotCase("relogin", 80, 24, Snapshots.relogin_80x24),
    SnapshotCase("relogin", 120, 40, Snapshots.relogin_120x40),
    SnapshotCase("help", 80, 24, Snapshots.help_80x24),
    SnapshotCase("help", 120, 40, Snapshots.help_120x40),
    SnapshotCase("signInUserAuth", 80, 24, Snapshots.signInUserAuth_80x24),
    SnapshotCase("signInUserAuth", 120, 40, Snapshots.signInUserAuth_120x40),
    SnapshotCase("selectSignInMethod", 80, 24, Snapshots.selectSignInMethod_80x24),
    SnapshotCase("selectSignInMethod", 120, 40, Snapshots.selectSignInMethod_120x40),
    SnapshotCase("emailCodeResent", 80, 24, Snapshots.emailCodeResent_80x24),
    SnapshotCase("emailCodeResent", 120, 40, Snapshots.emailCodeResent_120x40),
    SnapshotCase("totpEnrolment", 80, 24, Snapshots.totpEnrolment_80x24),
    SnapshotCase("totpEnrolment", 120, 40, Snapshots.totpEnrolment_120x40),
    SnapshotCase("signInEmpty", 50, 16, Snapshots.terminalTooSmall_50x16),
    SnapshotCase("signInEmpty", 60, 20, Snapshots.signInEmpty_60x20),
    SnapshotCase("signInWithError", 60, 20, Snapshots.signInWithError_60x20),
    SnapshotCase("signUpWithPolicy", 60, 20, Snapshots.signUpWithPolicy_60x20),
    SnapshotCase("totpCode", 60, 20, Snapshots.totpCode_60x20),
    SnapshotCase("totpSetup", 60, 20, Snapshots.totpSetup_60x20),
    SnapshotCase("dashboard", 60, 20, Snapshots.dashboard_60x20),
    SnapshotCase("dashboard", 200, 60, Snapshots.dashboard_200x60),
]
