import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentSpec } from "./port";
import { RETELL_TOOL_NAME, retellAgentBody, retellLlmBody, retellTools } from "./retell-requests";

const spec = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../test/fixtures/retell/agent-spec.json"), "utf8")) as AgentSpec;

const rule = (name: string, numbers: { number: string; ringSeconds: number }[] = [{ number: "+14155550111", ringSeconds: 20 }]) => ({
  name,
  description: "the caller asks",
  announcement: "",
  numbers,
  fallback: "message" as const,
});

describe("Retell request bodies", () => {
  it("each number of a rule is a transfer_call tool, in order; the first says the rule's sentence, each names the next, the last the fallback", () => {
    const transfers = retellTools(spec).filter((t) => t.type === "transfer_call");
    expect(transfers.map((t) => [t.name, t.transfer_destination.number, t.transfer_option.transfer_ring_duration_ms, t.speak_during_execution])).toEqual([
      ["transfer_1_emergency", "+14155550111", 20_000, true],
      ["transfer_1_emergency_2", "+14155550122", 90_000, false],
      ["transfer_2_billing_question", "+14155550133", 5_000, true],
    ]);
    expect(transfers[0]!.description).toBe("Transfer the caller when: the caller has a burst pipe or no heat. Number 1 of 2, rings 20 seconds. If this transfer fails, call transfer_1_emergency_2.");
    expect(transfers[1]!.description).toMatch(/^Only after transfer_1_emergency failed .* If this transfer fails too, tell the caller nobody could answer, and take a message/);
    expect(transfers[2]!.description).toMatch(/Rings 5 seconds\. If this transfer fails, tell the caller nobody could answer, and take a voicemail/);
  });

  it("a rule's first tool has the name the prompt uses; names keep to Retell's pattern and stay unique, whatever the rule's name", () => {
    const two = [
      { number: "+14155550111", ringSeconds: 20 },
      { number: "+14155550122", ringSeconds: 20 },
    ];
    const tools = retellTools({
      ...spec,
      transfers: [rule("transfer_1_sales", two), rule("Émergence & urgence — après 22 h"), rule("transfer_1_sales"), rule("!!!"), rule("x".repeat(90), two), rule("transfer_1_sales_2")],
    });
    const names = tools.map((t) => t.name);
    for (const n of names) expect(n).toMatch(RETELL_TOOL_NAME);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(1, 4)).toEqual(["transfer_1_sales", "transfer_1_sales_2", "emergence_urgence_apres_22_h"]);
    expect(names).toContain("transfer_1_sales_r3");
    expect(names).toContain("transfer_rule_4");
    expect(names).toContain(`${"x".repeat(62)}_2`);
    expect(names).toContain("transfer_1_sales_2_r6");
  });

  it("messages only: end_call alone (no transfers, no booking)", () => {
    expect(retellTools({ ...spec, messagesOnly: true, afterHoursTransfer: { number: "+14155550199", announcement: "One moment." } }).map((t) => t.type)).toEqual(["end_call"]);
  });

  it("the after-hours transfer is a tool of its own; no booking tools without booking", () => {
    const tools = retellTools({ ...spec, transfers: [], booking: null, afterHoursTransfer: { number: "+14155550199", announcement: "One moment." } });
    expect(tools.map((t) => t.name)).toEqual(["end_call", "transfer_after_hours"]);
  });

  it("the LLM speaks first with the begin message; the agent answers with the LLM, in the spec's language and time zone", () => {
    expect(retellLlmBody(spec)).toMatchObject({ start_speaker: "agent", begin_message: spec.beginMessage, general_prompt: spec.prompt });
    expect(retellAgentBody(spec, "llm_1", "k:v1:normal")).toEqual({
      response_engine: { type: "retell-llm", llm_id: "llm_1" },
      voice_id: "11labs-Adrian",
      agent_name: "Nova",
      language: "en-US",
      timezone: "America/Los_Angeles",
      version_description: "AI Employees settings k:v1:normal",
    });
  });
});
