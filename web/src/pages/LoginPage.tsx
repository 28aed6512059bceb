import { LoginScreen } from '../components/LoginScreen.tsx';

export default function LoginPage() {
  return <LoginScreen role="user" />;
}
