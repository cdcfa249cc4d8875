import type { MessagingConfig } from '../../messaging/messaging-config.ts';
import { createSandboxTextProvider } from './sandbox-text-provider.ts';
import type { TextMessageProvider } from './text-message-provider.ts';
import { createTwilioTextProvider } from './twilio-text-provider.ts';

/**
 * The provider chosen by configuration: SMS_PROVIDER=twilio|sandbox (default sandbox outside production, twilio in
 * production). Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (TWILIO_API_BASE optional).
 * Throws Error naming the missing variable, or for SMS_PROVIDER=sandbox in production.
 */
export function createTextProvider(env: NodeJS.ProcessEnv, messaging: MessagingConfig): TextMessageProvider {
  const choice = (env.SMS_PROVIDER?.trim().toLowerCase() || (messaging.isProduction ? 'twilio' : 'sandbox'));
  if (choice === 'sandbox') {
    if (messaging.isProduction) throw new Error('SMS_PROVIDER=sandbox is not allowed in production');
    return createSandboxTextProvider(messaging);
  }
  if (choice !== 'twilio') throw new Error(`SMS_PROVIDER must be twilio or sandbox, got "${choice}"`);
  const need = (name: string): string => {
    const v = env[name]?.trim();
    if (!v) throw new Error(`${name} must be set when SMS_PROVIDER is twilio`);
    return v;
  };
  return createTwilioTextProvider({
    accountSid: need('TWILIO_ACCOUNT_SID'), authToken: need('TWILIO_AUTH_TOKEN'), from: need('TWILIO_FROM'),
    baseUrl: env.TWILIO_API_BASE?.trim() || undefined,
  });
}
