package dev.apex.testkit.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fake's wire format, read with a plain HTTP client. */
class FakeMessagesApiTest {

  private static final String BODY =
      "{\"model\":\"claude-haiku-4-5\",\"max_tokens\":10,"
          + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

  private final FakeMessagesApi api = FakeMessagesApi.start();
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void close() {
    api.close();
  }

  private HttpResponse<String> post(String path, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(api.baseUrl() + path))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(BODY));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response) throws IOException {
    return Json.mapper().readTree(response.body());
  }

  @Test
  void answersAToolCallWithTheMessageShapeAndEchoesTheModel() throws Exception {
    api.enqueue(
        FakeReply.toolUse("toolu_1", "tap", Map.of("x", 10, "y", 20))
            .plus(FakeReply.textBlock("tapping"))
            .withUsage(new FakeReply.Usage(5, 6, 7, 8)));

    HttpResponse<String> response = post("/v1/messages", "x-api-key", "k1");

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode message = json(response);
    assertThat(message.path("type").asText()).isEqualTo("message");
    assertThat(message.path("role").asText()).isEqualTo("assistant");
    assertThat(message.path("model").asText()).isEqualTo("claude-haiku-4-5");
    assertThat(message.path("stop_reason").asText()).isEqualTo("tool_use");
    JsonNode call = message.path("content").get(0);
    assertThat(call.path("type").asText()).isEqualTo("tool_use");
    assertThat(call.path("name").asText()).isEqualTo("tap");
    assertThat(call.path("input").path("y").asInt()).isEqualTo(20);
    assertThat(message.path("content").get(1).path("text").asText()).isEqualTo("tapping");
    assertThat(message.path("usage").path("cache_read_input_tokens").asLong()).isEqualTo(8);
  }

  @Test
  void recordsBodyAndHeadersAndAcceptsABearerToken() throws Exception {
    api.enqueue(FakeReply.text("hello"));

    post("/v1/messages", "Authorization", "Bearer k2", "anthropic-version", "2099-01-01");

    RecordedRequest request = api.onlyRequest();
    assertThat(request.apiKey()).contains("k2");
    assertThat(request.header("Anthropic-Version")).contains("2099-01-01");
    assertThat(request.json().path("max_tokens").asInt()).isEqualTo(10);
  }

  @Test
  void refusesARequestWithoutAKeyWithoutSpendingTheScript() throws Exception {
    api.enqueue(FakeReply.text("kept"));

    HttpResponse<String> refused = post("/v1/messages");
    HttpResponse<String> served = post("/v1/messages", "x-api-key", "k");

    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(json(refused).path("error").path("type").asText()).isEqualTo("authentication_error");
    assertThat(json(served).path("content").get(0).path("text").asText()).isEqualTo("kept");
  }

  @Test
  void sendsErrorsWithTheApisBodyAndHeaders() throws Exception {
    api.enqueue(FakeReply.rateLimited(Duration.ofSeconds(60)).withHeader("x-should-retry", "true"));

    HttpResponse<String> response = post("/v1/messages", "x-api-key", "k");

    assertThat(response.statusCode()).isEqualTo(429);
    assertThat(response.headers().firstValue("retry-after")).contains("60");
    assertThat(response.headers().firstValue("x-should-retry")).contains("true");
    assertThat(response.headers().firstValue("request-id")).isPresent();
    JsonNode error = json(response);
    assertThat(error.path("type").asText()).isEqualTo("error");
    assertThat(error.path("error").path("type").asText()).isEqualTo("rate_limit_error");
    assertThat(error.path("request_id").asText()).startsWith("req_");
  }

  @Test
  void anExhaustedScriptAnswersANonRetriable500() throws Exception {
    HttpResponse<String> response = post("/v1/messages", "x-api-key", "k");

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(response.headers().firstValue("x-should-retry")).contains("false");
    assertThat(response.body()).contains("no scripted reply left");
  }

  @Test
  void otherPathsAreNotFound() throws Exception {
    assertThat(post("/v1/complete", "x-api-key", "k").statusCode()).isEqualTo(404);
  }

  @Test
  void garbageAndDroppedConnections() throws Exception {
    api.enqueue(FakeReply.garbage("<html>"), FakeReply.dropConnection());

    assertThat(post("/v1/messages", "x-api-key", "k").body()).isEqualTo("<html>");
    assertThatThrownBy(() -> post("/v1/messages", "x-api-key", "k"))
        .isInstanceOf(IOException.class);
    assertThat(api.requests()).hasSize(2);
  }

  @Test
  void messagesWithAnyStopReason() throws Exception {
    api.enqueue(FakeReply.message(null, List.of()), FakeReply.text("x").withStopReason("refusal"));

    assertThat(json(post("/v1/messages", "x-api-key", "k")).path("stop_reason").isNull()).isTrue();
    assertThat(json(post("/v1/messages", "x-api-key", "k")).path("stop_reason").asText())
        .isEqualTo("refusal");
  }
}
