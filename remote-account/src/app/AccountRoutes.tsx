import { namedRoutes } from '@lager/shared';
import '../lib/i18n';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthScreen } from '../features/auth/components/AuthScreen';
import { ForgotPasswordScreen } from '../features/password-reset/components/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../features/password-reset/components/ResetPasswordScreen';
import { UserScreen } from '../features/profile/components/UserScreen';
import { VerifyEmailScreen } from '../features/verification/components/VerifyEmailScreen';

/**
 * The account section, mounted by the shell at /* (the catch-all): home, login, register,
 * user, forgot/reset password and e-mail verification; anything else goes home.
 */
export default function AccountRoutes() {
  return (
    <Routes>
      {/* Keys: login and register are one screen, but switching between them starts a fresh form. */}
      <Route index element={<AuthScreen key="login" mode="login" />} />
      <Route path="login" element={<AuthScreen key="login" mode="login" />} />
      <Route path="register" element={<AuthScreen key="register" mode="register" />} />
      <Route path="user" element={<UserScreen />} />
      <Route path="forgotpassword" element={<ForgotPasswordScreen />} />
      <Route path="reset-password" element={<ResetPasswordScreen />} />
      <Route path="email/verify/:id/:hash" element={<VerifyEmailScreen />} />
      <Route path="*" element={<Navigate to={namedRoutes.home()} replace />} />
    </Routes>
  );
}
