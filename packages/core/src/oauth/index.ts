export * from './oauth-config.ts';
export { type TOAuthProfile, appSecretProof } from './oauth-provider-client.ts';
export * from './start-oauth-login.ts';
export * from './finish-oauth-login.ts';
export * from './login-with-access-token.ts';
export * from './sign-in-with-profile.ts';
