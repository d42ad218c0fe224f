/** A route's parameters, read as the route's 404 when they are not what the route names. */

/** A route's numeric id parameter; anything else is the route's 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,9}$/.test(value ?? "") || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}
