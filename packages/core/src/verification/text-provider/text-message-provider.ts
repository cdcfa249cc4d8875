/**
 * Sends a verification code by WhatsApp or SMS (spec 02 §2 modal 5). Implementations: Twilio's Messages API
 * (twilio-text-provider.ts) and the sandbox outbox (sandbox-text-provider.ts); chosen by SMS_PROVIDER
 * (create-text-provider.ts; `none` refuses every send when production has no provider configured).
 */
export interface TextMessageProvider {
  readonly name: 'twilio' | 'sandbox' | 'none';
  /**
   * Sends `text` to `to` (E.164, e.g. +525512345678) over `channel`. `codes` are the codes in the text (the sandbox
   * keeps them for developers and tests). Resolves with the provider's message id.
   * @throws AppError UNAVAILABLE when the provider refuses or cannot be reached.
   */
  send(message: { channel: 'whatsapp' | 'sms'; to: string; text: string; codes: string[] }): Promise<{ id: string }>;
}
