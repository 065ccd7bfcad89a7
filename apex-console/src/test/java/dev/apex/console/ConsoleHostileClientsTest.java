package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that connect and then send slowly or not at all, and tabs that close without a word: the
 * console keeps answering and frees what they held. Liveness checks only (each request has the test
 * console's generous 30 s timeout); nothing here asserts a duration.
 */
class ConsoleHostileClientsTest {

  private static final int HALF_OPEN = 200;

  @TempDir Path home;

  @Test
  @Timeout(120)
  void twoHundredHalfOpenConnectionsDoNotFreezeTheConsole() throws IOException {
    try (TestConsole console = TestConsole.start(home, SimLauncher.free())) {
      List<Socket> held = new ArrayList<>();
      try {
        for (int i = 0; i < HALF_OPEN; i++) {
          Socket socket = connect(console);
          held.add(socket);
          if (i % 2 == 1) {
            // Half a request line: the server starts reading it and waits for the rest.
            send(socket, "GET /api/sta");
          }
        }

        HttpResponse<String> status = console.get("/api/status");

        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(TestConsole.json(status).path("version").asText()).isEqualTo("9.9.9-test");
      } finally {
        for (Socket socket : held) {
          socket.close();
        }
      }
      assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
    }
  }

  @Test
  @Timeout(120)
  void aClientThatStopsHalfwayThroughItsRequestIsDisconnected() throws IOException {
    try (TestConsole console =
            TestConsole.start(
                home, b -> b.launcher(SimLauncher.free()).requestTimeout(Duration.ofMillis(200)));
        Socket headers = connect(console);
        Socket body = connect(console)) {
      send(headers, "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      send(
          body,
          "POST /api/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
              + console.server.token()
              + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"goal\"");

      assertThat(closedByServer(headers)).isTrue();
      assertThat(closedByServer(body)).isTrue();
      assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
    }
  }

  @Test
  @Timeout(120)
  void aBodyTrickledFasterThanTheIdleTimeoutStillEndsAtTheRequestDeadline() throws IOException {
    int length = 1_000_000;
    try (TestConsole console =
            TestConsole.start(
                home, b -> b.launcher(SimLauncher.free()).requestTimeout(Duration.ofSeconds(1)));
        Socket slow = connect(console)) {
      // A warm client: its round trips take far less than the idle timeout from here on.
      assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
      send(
          slow,
          "POST /api/tasks HTTP/1.1\r\nHost: 127.0.0.1:"
              + console.server.port()
              + "\r\nAuthorization: Bearer "
              + console.server.token()
              + "\r\nContent-Type: application/json\r\nContent-Length: "
              + length
              + "\r\n\r\n");
      int sent = 0;
      try {
        // One byte per status round trip: never idle for the 1 s the connector allows, yet the
        // whole body would take far longer than the 1 s request deadline.
        while (sent < length) {
          send(slow, " ");
          sent++;
          assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
        }
      } catch (SocketException closed) {
        // The console closed the connection: the writes after it fail.
      }

      assertThat(sent).isLessThan(length);
      assertThat(closedByServer(slow)).isTrue();
    }
  }

  @Test
  @Timeout(120)
  void headersLargerThanTheLimitGet431AndTheConsoleGoesOn() throws IOException {
    try (TestConsole console = TestConsole.start(home, SimLauncher.free());
        Socket big = connect(console)) {
      send(
          big,
          "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:"
              + console.server.port()
              + "\r\nX-Padding: "
              + "a".repeat(JettyServer.MAX_HEADER_BYTES * 2)
              + "\r\n\r\n");
      String statusLine =
          new java.io.BufferedReader(
                  new java.io.InputStreamReader(big.getInputStream(), StandardCharsets.US_ASCII))
              .readLine();

      assertThat(statusLine).startsWith("HTTP/1.1 431");
      assertThat(console.get("/api/status").statusCode()).isEqualTo(200);
    }
  }

  @Test
  @Timeout(120)
  void aClosedTabFreesItsEventStreamSlot() throws Exception {
    try (TestConsole console =
        TestConsole.start(
            home, b -> b.launcher(SimLauncher.free()).eventHeartbeat(Duration.ofMillis(20)))) {
      List<EventClient> tabs = new ArrayList<>();
      try {
        for (int i = 0; i < EventHub.MAX_SUBSCRIBERS; i++) {
          tabs.add(console.events(""));
        }
        assertThat(openStream(console)).isEqualTo(503);
      } finally {
        tabs.forEach(EventClient::close);
      }

      // Each heartbeat to a closed tab fails by the second one; a status round trip per try
      // paces the bounded retries without a fixed sleep.
      int status = 503;
      for (int tries = 0; tries < 500 && status == 503; tries++) {
        console.get("/api/status");
        status = openStream(console);
      }
      assertThat(status).isEqualTo(200);
    }
  }

  /** Opens an event stream, returns its status and closes it again. */
  private static int openStream(TestConsole console) throws Exception {
    HttpRequest request = console.request("/api/events").GET().build();
    HttpResponse<InputStream> response =
        console.http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    response.body().close();
    return response.statusCode();
  }

  private static Socket connect(TestConsole console) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", console.server.port()), 10_000);
    socket.setSoTimeout(30_000);
    return socket;
  }

  private static void send(Socket socket, String text) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** Whether the server closed the connection (end of stream or a reset) without answering. */
  private static boolean closedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().read() == -1;
    } catch (SocketException reset) {
      return true;
    }
  }
}
