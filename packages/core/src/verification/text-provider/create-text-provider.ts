import { VERIFICATION_MESSAGES } from '@nj/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { MessagingConfig } from '../../messaging/messaging-config.ts';
import { createSandboxTextProvider } from './sandbox-text-provider.ts';
import type { TextMessageProvider } from './text-message-provider.ts';
import { createTwilioTextProvider, type TwilioConfig } from './twilio-text-provider.ts';

/**
 * Which WhatsApp/SMS provider to build (ServerConfig.textProvider): the sandbox outbox, Twilio with its credentials,
 * or none (production without SMS_PROVIDER and without any TWILIO_* variable: the server starts, every send is
 * refused in Spanish and the start line says so).
 */
export type TextProviderSettings =
  | { provider: 'sandbox' }
  | { provider: 'twilio'; twilio: Pick<TwilioConfig, 'accountSid' | 'authToken' | 'from' | 'baseUrl'> }
  | { provider: 'none' };

/** The variables read by readTextProviderSettings (listed in the server's settings schema and the README). */
export const TEXT_PROVIDER_VARIABLES = ['SMS_PROVIDER', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_BASE'] as const;

/**
 * Reads SMS_PROVIDER=twilio|sandbox (default sandbox outside production, twilio in production) and, for Twilio,
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (TWILIO_API_BASE optional) from `env` (an environment record,
 * read once at start). Production with SMS_PROVIDER unset and no TWILIO_* variable at all gives `{ provider: 'none' }`.
 * Throws Error naming the variable: an unknown SMS_PROVIDER, SMS_PROVIDER=sandbox in production, or a missing
 * Twilio variable when Twilio is chosen.
 */
export function readTextProviderSettings(env: { [K in (typeof TEXT_PROVIDER_VARIABLES)[number]]?: string | undefined }, isProduction: boolean): TextProviderSettings {
  const value = (name: (typeof TEXT_PROVIDER_VARIABLES)[number]) => env[name]?.trim() || undefined;
  const asked = value('SMS_PROVIDER')?.toLowerCase();
  if (!asked && isProduction && !TEXT_PROVIDER_VARIABLES.some((name) => value(name))) return { provider: 'none' };
  const choice = asked || (isProduction ? 'twilio' : 'sandbox');
  if (choice === 'sandbox') {
    if (isProduction) throw new Error('SMS_PROVIDER=sandbox is not allowed in production');
    return { provider: 'sandbox' };
  }
  if (choice !== 'twilio') throw new Error(`SMS_PROVIDER must be twilio or sandbox, got "${choice}"`);
  const need = (name: 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM'): string => {
    const v = value(name);
    if (!v) throw new Error(`${name} must be set when SMS_PROVIDER is twilio`);
    return v;
  };
  return {
    provider: 'twilio',
    twilio: { accountSid: need('TWILIO_ACCOUNT_SID'), authToken: need('TWILIO_AUTH_TOKEN'), from: need('TWILIO_FROM'), baseUrl: value('TWILIO_API_BASE') },
  };
}

/**
 * Builds the provider the settings name (once per process, in the server's createAppServices): Twilio's REST client,
 * the sandbox outbox (`messaging` gives its database), or, for `none`, a provider whose every send throws AppError
 * UNAVAILABLE 'No pudimos enviar el mensaje, inténtalo de nuevo'.
 */
export function createTextProvider(settings: TextProviderSettings, messaging: MessagingConfig): TextMessageProvider {
  if (settings.provider === 'sandbox') return createSandboxTextProvider(messaging);
  if (settings.provider === 'twilio') return createTwilioTextProvider(settings.twilio);
  return {
    name: 'none',
    async send() {
      console.error('text message refused: no SMS provider is configured (SMS_PROVIDER, TWILIO_*)');
      throw new AppError('UNAVAILABLE', VERIFICATION_MESSAGES.sendTextFailed);
    },
  };
}
