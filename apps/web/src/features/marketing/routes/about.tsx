// /about — first cut, filled in by the public-screens step.
export default function Route() {
  return <h1 className="p-8 text-2xl font-bold">Foldline</h1>;
}
