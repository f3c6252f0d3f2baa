import { ApiError, NetworkError, answer, typedApi } from "./client";

// The browser's fetch, answering as the server would; what the typed client sends and how it
// reads each answer is what is tested here.
function serve(status: number, body?: unknown) {
  const sent: Request[] = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    sent.push(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("the typed client", () => {
  it("fills in the path and the query, and reads the body", async () => {
    const sent = serve(200, { id: 7, name: "Pilot" });
    const study = await answer(typedApi.GET("/api/studies/{id}/", { params: { path: { id: 7 } } }));
    expect(study.name).toBe("Pilot");
    await answer(
      typedApi.GET("/api/sessions/", { params: { query: { study: 7, page_size: 500 } } }),
    );
    expect(new URL(sent[0].url).pathname).toBe("/api/studies/7/");
    expect(new URL(sent[1].url).search).toBe("?study=7&page_size=500");
    expect(sent[0].headers.get("Accept")).toBe("application/json");
  });

  it("sends the CSRF header on a staff write, not on a device link's", async () => {
    document.cookie = "csrftoken=abc";
    const sent = serve(204);
    await answer(typedApi.POST("/api/auth/logout"));
    await answer(
      typedApi.POST("/api/play/{token}/examination/", {
        params: { path: { token: "t" } },
        body: { type: "start", event_id: "e", decision_ms: 0 },
      }),
    );
    expect(sent[0].headers.get("X-CSRFToken")).toBe("abc");
    expect(sent[1].headers.get("X-CSRFToken")).toBeNull();
    expect(sent[1].headers.get("Content-Type")).toBe("application/json");
  });

  it("turns the platform's error shape into an ApiError", async () => {
    serve(409, { error: { code: "stale_version", message: "The table has moved on." } });
    const refused = answer(typedApi.GET("/api/me"));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 409, code: "stale_version" });
  });

  it("takes a gateway's answer or no answer for a lost connection", async () => {
    serve(503);
    await expect(answer(typedApi.GET("/api/me"))).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(answer(typedApi.GET("/api/me"))).rejects.toBeInstanceOf(NetworkError);
  });
});
