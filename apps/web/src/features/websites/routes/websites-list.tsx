// /dashboard/websites — scaffolding to be replaced by its owner; exists so the router compiles while work runs in parallel.
export default function WebsitesListRoute() {
  return null;
}
