import { describe, expect, it, vi } from "vitest";
import { createElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ListShell, listState, type ListQuery, type ListShellProps } from "./list-shell";

const idle: ListQuery = { isPending: false, isError: false, refetch: () => undefined };

function props(over: Partial<ListShellProps> = {}): ListShellProps {
  return {
    query: idle,
    count: 0,
    loading: "Loading orders",
    error: "Unable to load AI ready orders.",
    empty: "No AI ready orders yet.",
    children: createElement("ul", { "data-testid": "rows" }, createElement("li", null, "Ada")),
    ...over,
  };
}
const html = (p: ListShellProps) => renderToStaticMarkup(createElement(ListShell, p));
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Every element in a tree, expanding function components (the shell's own parts) as it goes. */
function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  const expanded = typeof node.type === "function" ? tryRender(node) : undefined;
  return [node, ...elements(node.props.children as ReactNode), ...(expanded === undefined ? [] : elements(expanded))];
}
function tryRender(node: ReactElement<Record<string, unknown>>): ReactNode | undefined {
  const type = node.type as (p: unknown) => ReactNode;
  try {
    return type(node.props);
  } catch {
    return undefined; // components that need a renderer (hooks) are left alone
  }
}
const button = (tree: ReactNode, name: string) =>
  elements(tree).find((e) => (e.props["type"] === undefined || e.props["type"] === "button") && typeof e.props["onClick"] === "function" && text(renderToStaticMarkup(e)) === name);

describe("listState", () => {
  it("is loading only while the first page is on its way", () => {
    expect(listState({ isPending: true, isError: false }, 0)).toBe("loading");
    expect(listState({ isPending: true, isError: false }, 3)).toBe("results");
  });
  it("says error over rows, empty without rows, results with them", () => {
    expect(listState({ isPending: false, isError: true }, 0)).toBe("error");
    expect(listState({ isPending: false, isError: true }, 2)).toBe("error");
    expect(listState({ isPending: false, isError: false }, 0)).toBe("empty");
    expect(listState({ isPending: false, isError: false }, 1)).toBe("results");
  });
});

describe("ListShell", () => {
  it("while loading shows the spinner and the loading text, not the empty text", () => {
    const out = html(props({ query: { ...idle, isPending: true } }));
    expect(text(out)).toContain("Loading orders...");
    expect(out).toContain('role="status"');
    expect(out).not.toContain("No AI ready orders yet.");
    expect(out).not.toContain('data-testid="rows"');
  });

  it("on an error shows the message as an alert with Retry, which refetches", () => {
    const refetch = vi.fn();
    const p = props({ query: { ...idle, isError: true, refetch } });
    const out = html(p);
    expect(out).toContain('role="alert"');
    expect(text(out)).toContain("Unable to load AI ready orders. Retry");
    expect(out).not.toContain("No AI ready orders yet.");
    const retry = button(ListShell(p), "Retry");
    expect(retry).toBeDefined();
    (retry!.props["onClick"] as () => void)();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("keeps rows already shown under an error (a failed refresh)", () => {
    const out = html(props({ count: 1, query: { ...idle, isError: true } }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('data-testid="rows"');
  });

  it("with no rows shows the empty text the list gives (match or yet)", () => {
    expect(text(html(props()))).toBe("No AI ready orders yet.");
    expect(text(html(props({ empty: "No AI ready orders match." })))).toBe("No AI ready orders match.");
  });

  it("shows the rows, and Load more only while the server has another page", () => {
    const fetchNextPage = vi.fn();
    const more = props({ count: 1, query: { ...idle, hasNextPage: true, fetchNextPage } });
    expect(html(more)).toContain('data-testid="rows"');
    expect(text(html(more))).toContain("Load more");
    (button(ListShell(more), "Load more")!.props["onClick"] as () => void)();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(text(html(props({ count: 1, query: { ...idle, hasNextPage: true, fetchNextPage, isFetchingNextPage: true } })))).toContain("Loading...");
    expect(text(html(props({ count: 1 })))).not.toContain("Load more");
  });

  it("puts the search box and the filters in one named search landmark, and hands typed text back", () => {
    const onChange = vi.fn();
    const p = props({
      searchLabel: "Search orders",
      search: { id: "orders-search", label: "Search", placeholder: "AI employee, e-mail or phone", value: "ad", onChange, testId: "orders-search" },
      filters: createElement("select", { id: "orders-status", "aria-label": "Status" }),
    });
    const out = html(p);
    expect(out).toMatch(/role="search" aria-label="Search orders"/);
    expect(out).toContain('id="orders-search"');
    expect(out).toContain('type="search"');
    expect(out).toContain('value="ad"');
    expect(out).toMatch(/<label[^>]*for="orders-search"[^>]*>Search<\/label>/);
    expect(out).toContain('id="orders-status"');
    const input = elements(ListShell(p)).find((e) => e.props["type"] === "search" && typeof e.props["onChange"] === "function");
    expect(input).toBeDefined();
    (input!.props["onChange"] as (e: { target: { value: string } }) => void)({ target: { value: "ada" } });
    expect(onChange).toHaveBeenCalledWith("ada");
  });

  it("leaves out the landmark when a list has no search or filters", () => {
    expect(html(props())).not.toContain('role="search"');
  });
});
