// Contract placeholder (replaced in this same session): mounted once by the signed-in layout; opens itself when
// the profile is incomplete (spec section 4) and cannot be dismissed without data.
export const ForcedProfileDialog = () => null;
