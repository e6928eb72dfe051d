export { deleteAccount } from "./deletion.ts";
export { exportAccount, exportHeaders } from "./export.ts";
export { changePassword } from "./password.ts";
export { isLiveResetLink, requestPasswordReset, resetPassword } from "./password-reset.ts";
export { changePasswordSchema, deleteAccountSchema, forgotPasswordSchema, resetPasswordSchema } from "./schemas.ts";
