export default function UserAdminRoutes() {
  return <p>remote-user-admin placeholder</p>;
}
