import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendWithResend } from "../../worker/core/mail/index.ts";
import { type FakeResend, startFakeResend } from "../support/fake-resend.ts";

// The Resend adapter against a local fake of its documented API: what it sends, and how it fails.
let fake: FakeResend;
beforeAll(async () => {
  fake = await startFakeResend();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.sent.length = 0;
  fake.requests.length = 0;
});

const message = { to: "reader@example.com", subject: "Reset your MovieBooks password", text: "Open this link." };

describe("sendWithResend", () => {
  it("posts the message to /emails with the key as a Bearer token and answers the provider's id", async () => {
    const config = { apiKey: fake.apiKey, from: "MovieBooks <no-reply@moviebooks.example>", baseUrl: fake.url };
    const id = await sendWithResend(message, config);
    expect(fake.sent).toEqual([
      {
        id,
        from: "MovieBooks <no-reply@moviebooks.example>",
        to: ["reader@example.com"],
        subject: message.subject,
        text: message.text,
      },
    ]);
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("throws with the provider's answer when it refuses the message", async () => {
    const config = { apiKey: "re_wrong", from: "MovieBooks <a@b.example>", baseUrl: fake.url };
    await expect(sendWithResend(message, config)).rejects.toThrow(/\(403\).*invalid_api_key/);
    fake.mode = "fail";
    await expect(sendWithResend(message, { ...config, apiKey: fake.apiKey })).rejects.toThrow(/\(500\)/);
    expect(fake.sent).toEqual([]);
  });

  it("gives up on a provider that does not answer within the time limit", async () => {
    fake.mode = "hang";
    const started = Date.now();
    const config = { apiKey: fake.apiKey, from: "MovieBooks <a@b.example>", baseUrl: fake.url, timeoutMs: 300 };
    await expect(sendWithResend(message, config)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
