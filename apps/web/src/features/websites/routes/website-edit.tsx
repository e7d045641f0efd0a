// /dashboard/websites/:websiteId/edit — scaffolding to be replaced by its owner; exists so the router compiles while work runs in parallel.
export default function WebsiteEditRoute() {
  return null;
}
