/**
 * D1 round trips one request of a route makes: one probe request, answered by the bench worker
 * with the count over a counting wrapper of its D1 binding (`x-d1-round-trips`). Probes run apart
 * from the measured load, which never pays for the counting.
 *
 * @example
 * const trips = await d1RoundTrips(`${baseUrl}/api/cms/pages/1`, { cookie }); // 1
 */
export async function d1RoundTrips(url, headers = {}) {
  const res = await fetch(url, { headers: { ...headers, "x-bench-count-d1": "1" } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const trips = Number(res.headers.get("x-d1-round-trips"));
  if (!Number.isInteger(trips)) throw new Error(`${url} did not report its D1 round trips`);
  return trips;
}
