package dev.apex.device.web;

import dev.apex.core.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real Selenium Grid (standalone) as a child JVM on 127.0.0.1, from the selenium-grid jars on the
 * test classpath, serving Chromium through the installed chromedriver. Selenium Manager is off and
 * drivers are not detected: the one slot configuration names both binaries.
 */
final class SeleniumGrid implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofMinutes(3);

  private final Process process;
  private final String url;
  private final BlockingQueue<String> output = new LinkedBlockingQueue<>();
  private final Deque<String> tail = new ArrayDeque<>();

  private SeleniumGrid(Process process, String url) {
    this.process = process;
    this.url = url;
  }

  /** Starts the Grid and returns once {@code /status} says it is ready. */
  static SeleniumGrid start(Path chromium, Path chromedriver, int sessions, Path log)
      throws IOException, InterruptedException {
    int port = freePort();
    String stereotype =
        Json.write(
            Map.of(
                "browserName",
                "chrome",
                "goog:chromeOptions",
                Map.of("binary", chromium.toString())));
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx384m",
            "-cp",
            System.getProperty("java.class.path"),
            "org.openqa.selenium.grid.Main",
            "standalone",
            "--host",
            "127.0.0.1",
            "--port",
            String.valueOf(port),
            "--selenium-manager",
            "false",
            "--detect-drivers",
            "false",
            "--override-max-sessions",
            "true",
            "--max-sessions",
            String.valueOf(sessions),
            "--driver-configuration",
            "display-name=chromium",
            "max-sessions=" + sessions,
            "webdriver-executable=" + chromedriver,
            "stereotype=" + stereotype);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    SeleniumGrid grid = new SeleniumGrid(process, "http://127.0.0.1:" + port);
    grid.pump(log);
    grid.awaitReady();
    return grid;
  }

  String url() {
    return url;
  }

  /** Copies the Grid's log to a file and to a queue that paces the readiness checks. */
  private void pump(Path log) throws IOException {
    Files.createDirectories(log.getParent());
    PrintWriter file = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true);
    Thread reader =
        new Thread(
            () -> {
              try (file;
                  BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(
                              process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  file.println(line);
                  output.add(line);
                }
              } catch (IOException e) {
                // The Grid exited; awaitReady notices.
              }
            },
            "selenium-grid-log");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Checks {@code /status} each time the Grid logs a line, or every half second while it is quiet,
   * until it reports ready; fails with the log's tail if it exits or takes too long.
   */
  private void awaitReady() throws InterruptedException, IOException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Instant deadline = Instant.now().plus(STARTUP);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the Grid exited: " + drain());
      }
      if (ready(http)) {
        return;
      }
      String line = output.poll(500, TimeUnit.MILLISECONDS);
      if (line != null) {
        remember(line);
      }
    }
    close();
    throw new IllegalStateException("the Grid was not ready within " + STARTUP + ": " + drain());
  }

  private boolean ready(HttpClient http) throws InterruptedException {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url + "/status"))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200
          && Json.mapper().readTree(response.body()).path("value").path("ready").asBoolean();
    } catch (IOException e) {
      return false;
    }
  }

  private void remember(String line) {
    tail.addLast(line);
    if (tail.size() > 30) {
      tail.removeFirst();
    }
  }

  private String drain() {
    for (String line; (line = output.poll()) != null; ) {
      remember(line);
    }
    return String.join("\n", tail);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
