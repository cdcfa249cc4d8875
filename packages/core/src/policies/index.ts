import type { Policy } from './policy.ts';
import { accountPolicy } from './account.ts';
import { advertiserPolicy } from './advertiser.ts';
import { cataloguePolicy } from './catalogue.ts';
import { chatNotificationPolicy } from './chat-notification.ts';
import { clientPolicy } from './client.ts';
import { draftPolicy } from './draft.ts';
import { identityProcessPolicy } from './identity-process.ts';
import { leadPolicy } from './lead.ts';
import { likePolicy } from './like.ts';
import { listingPolicy } from './listing.ts';
import { listingImportPolicy } from './listing-import.ts';
import { personDocumentPolicy } from './person-document.ts';
import { personalDataPolicy } from './personal-data.ts';
import { bureauConsentPolicy } from './bureau-consent.ts';
import { photoPolicy } from './photo.ts';
import { referencePolicy } from './reference.ts';
import { referralPolicy } from './referral.ts';
import { reportPolicy } from './report.ts';
import { rentPolicy } from './rent.ts';
import { rentMessagePolicy } from './rent-message.ts';
import { rentInvitationPolicy } from './rent-invitation.ts';
import { rentContractPolicy } from './rent-contract.ts';
import { rentInventoryPolicy } from './rent-inventory.ts';
import { rentPaymentsPolicy } from './rent-payments.ts';
import { profilePolicy } from './profile.ts';
import { rewardPolicy } from './reward.ts';
import { systemPolicy } from './system.ts';
import { paymentPolicy } from './payment.ts';
import { bankAccountPolicy } from './bank-account.ts';
import { staffPolicy, ticketPolicy } from './ticket.ts';
import { agencyPolicy } from './agency.ts';
import { adPolicy } from './ad.ts';
import { associationPolicy } from './association.ts';
import { crmPolicy } from './crm.ts';
import { siteLoginPolicy } from './site-login.ts';
import { propertySheetPolicy } from './property-sheet.ts';
import { savedSearchPolicy } from './saved-search.ts';

export * from './actor.ts';
export * from './policy.ts';
export * from './resolve-actor.ts';
export { accountPolicy, advertiserPolicy, cataloguePolicy, clientPolicy, draftPolicy, leadPolicy, likePolicy, listingPolicy, photoPolicy, referencePolicy, referralPolicy, reportPolicy, rewardPolicy, systemPolicy };
export { ADVERTISER_PUBLIC_COLUMNS, type AdvertiserPublicColumn } from './advertiser.ts';
export type { ListingRecord } from './listing.ts';
export { listingImportPolicy, type ListingImportRecord } from './listing-import.ts';
export type { DraftRecord } from './draft.ts';
export { identityProcessPolicy, type IdentityProcessRecord } from './identity-process.ts';
export type { PhotoRecord } from './photo.ts';
export type { LikerRecord } from './like.ts';
export type { ReferenceRecord } from './reference.ts';
export { ownClient, type ClientRecord } from './client.ts';
export { draftScope } from './draft.ts';
export { rentPolicy, rentPartyRule, type RentRecord } from './rent.ts';
export { profilePolicy, PROFILE_PUBLIC_COLUMNS, type ProfileRecord } from './profile.ts';
export { rentMessagePolicy };
export { rentInvitationPolicy, type RentInvitationRecord } from './rent-invitation.ts';
export { chatNotificationPolicy } from './chat-notification.ts';
export { staffPolicy, ticketPolicy, type TicketRecord } from './ticket.ts';
export { personDocumentPolicy, type PersonDocumentRecord } from './person-document.ts';
export { personalDataPolicy } from './personal-data.ts';
export { bureauConsentPolicy } from './bureau-consent.ts';
export { paymentPolicy } from './payment.ts';
export { bankAccountPolicy } from './bank-account.ts';
export { rentContractPolicy, type RentContractRecord } from './rent-contract.ts';
export { rentInventoryPolicy, type RentInventoryRecord } from './rent-inventory.ts';
export { rentPaymentsPolicy, type RentPaymentsRecord } from './rent-payments.ts';
export { agencyPolicy, type AgencyRecord } from './agency.ts';
export { associationPolicy, type AssociationRecord } from './association.ts';
export { crmPolicy, type CrmRecord } from './crm.ts';
export { siteLoginPolicy, type SiteLoginRecord } from './site-login.ts';
export { propertySheetPolicy, type PropertySheetRecord } from './property-sheet.ts';
export { savedSearchPolicy, type SavedSearchRecord } from './saved-search.ts';

/**
 * Every policy by model name (issue 8 §1): what routes name in `can('listing', 'update')` and what the
 * authorization matrix test walks. A new model adds its file here.
 */
export const POLICIES = {
  account: accountPolicy,
  advertiser: advertiserPolicy,
  agency: agencyPolicy,
  association: associationPolicy,
  bank_account: bankAccountPolicy,
  bureau_consent: bureauConsentPolicy,
  catalogue: cataloguePolicy,
  chat_notification: chatNotificationPolicy,
  client: clientPolicy,
  crm: crmPolicy,
  draft: draftPolicy,
  identity_process: identityProcessPolicy,
  lead: leadPolicy,
  like: likePolicy,
  listing: listingPolicy,
  listing_import: listingImportPolicy,
  payment: paymentPolicy,
  person_document: personDocumentPolicy,
  personal_data: personalDataPolicy,
  photo: photoPolicy,
  profile: profilePolicy,
  reference: referencePolicy,
  referral: referralPolicy,
  report: reportPolicy,
  rent: rentPolicy,
  rent_message: rentMessagePolicy,
  rent_invitation: rentInvitationPolicy,
  rent_contract: rentContractPolicy,
  rent_inventory: rentInventoryPolicy,
  rent_payments: rentPaymentsPolicy,
  site_login: siteLoginPolicy,
  property_sheet: propertySheetPolicy,
  saved_search: savedSearchPolicy,
  reward: rewardPolicy,
  system: systemPolicy,
  ticket: ticketPolicy,
  staff: staffPolicy,
  ad: adPolicy,
} as const;

export type PolicyModel = keyof typeof POLICIES;
/** The action names of model `M`. */
export type PolicyActionName<M extends PolicyModel> = keyof (typeof POLICIES)[M]['actions'] & string;
export { adPolicy } from './ad.ts';
