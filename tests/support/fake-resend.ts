import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Resend's documented HTTP API (`POST /emails`), on 127.0.0.1, so tests never reach the network.
 * It checks what the real service checks (a Bearer key, a JSON body with from, to, subject and text or html) and
 * answers in its shapes: 200 `{id}`, or `{statusCode, name, message}` errors. `mode` makes it fail (500) or hang
 * (never answer) to show that a broken provider cannot break a request.
 */
export interface FakeResend {
  url: string;
  apiKey: string;
  mode: "ok" | "fail" | "hang";
  /** Every accepted message, in order. */
  sent: Array<{ id: string; from: string; to: string[]; subject: string; text: string }>;
  /** Every request, accepted or not, with its headers. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage["headers"]; body: string }>;
  close(): Promise<void>;
}

export async function startFakeResend(apiKey = "re_test_0123456789"): Promise<FakeResend> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeResend = {
    url: "",
    apiKey,
    mode: "ok",
    sent: [],
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const error = (response: ServerResponse, statusCode: number, name: string, message: string) => {
    response.writeHead(statusCode, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ statusCode, name, message }));
  };
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    fake.requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body });
    if (request.method !== "POST" || request.url !== "/emails") return error(response, 404, "not_found", "Not found");
    if (fake.mode === "hang") {
      hanging.add(response);
      return;
    }
    if (fake.mode === "fail") return error(response, 500, "application_error", "An unexpected error occurred.");
    const auth = request.headers.authorization;
    if (!auth) return error(response, 401, "missing_api_key", "Missing API key in the authorization header.");
    if (auth !== `Bearer ${apiKey}`) return error(response, 403, "invalid_api_key", "API key is invalid");
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(body);
    } catch {
      return error(response, 422, "validation_error", "Invalid JSON.");
    }
    const to = typeof message.to === "string" ? [message.to] : message.to;
    const valid =
      typeof message.from === "string" &&
      Array.isArray(to) &&
      to.length > 0 &&
      typeof message.subject === "string" &&
      (typeof message.text === "string" || typeof message.html === "string");
    if (!valid) return error(response, 422, "validation_error", "Missing `from`, `to`, `subject` or a body.");
    const id = randomUUID();
    fake.sent.push({
      id,
      from: message.from as string,
      to: to as string[],
      subject: message.subject as string,
      text: String(message.text ?? ""),
    });
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ id }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
