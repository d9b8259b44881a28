/** Spec 001 §9: "Current CG Status shows 3 items". */
export const MOBILE_CG_STATUS_ITEMS = 3;

export type MobileTab = 'equipment' | 'requests' | 'cg';
