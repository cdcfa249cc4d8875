/**
 * When the people a tenant names may act (issue 12; spec 03 §4 'Tenant flow', §5 'Person field save'): their own
 * data and the guarantee only while the proposal is in client_offer_in_process (`edit`, like the tenant's); the
 * invitation may also be answered while the owner reads the sent proposal (`answer`: on_offer).
 */
export function answerableStep(step: string, what: 'edit' | 'answer'): boolean {
  return step === 'client_offer_in_process' || (what === 'answer' && step === 'on_offer');
}
