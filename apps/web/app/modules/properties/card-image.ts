/** Picture shown in place of a photo that fails to load (spec 01 §2). */
export const PLACEHOLDER_IMAGE = '/property-placeholder.svg';
/** Spec 01 §9: card carousel default width 305 px, ratio 4:3. */
export const CARD_WIDTH = 305;
/** Height in px of a card's photo at CARD_WIDTH (4:3, rounded as the card's CSS box). */
export const CARD_IMAGE_HEIGHT = 229;
