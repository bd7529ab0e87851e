export default function AccountRoutes() {
  return <p>remote-account placeholder</p>;
}
