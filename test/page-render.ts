import type { ReactElement } from "react";

/** The request a test file's mock of next/headers answers with (its `vi.hoisted` object). */
type MockedRequest = { headers: Headers };

/** A portal page that reads its search params. */
type SearchPage = (props: { searchParams: Promise<Record<string, string>> }) => unknown;

/** Renders `page` as `cookie` (null: signed out) would ask for it, with `params` in its address; the element it returns. */
export async function renderPageAs(request: MockedRequest, page: SearchPage, cookie: string | null, params: Record<string, string> = {}): Promise<ReactElement> {
  request.headers = new Headers(cookie ? { cookie } : {});
  return (await page({ searchParams: Promise.resolve(params) })) as ReactElement;
}
