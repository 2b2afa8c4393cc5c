import { UserEditScreen } from './UserEditPage';

export default function UserViewPage() {
  return <UserEditScreen readOnly />;
}
