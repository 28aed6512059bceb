import { LoginScreen } from '../components/LoginScreen.tsx';

export default function AdminLoginPage() {
  return <LoginScreen role="admin" />;
}
