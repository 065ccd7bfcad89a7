package dev.apex.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.apex.core.Json;
import dev.apex.core.Text;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Stands between stdio and the SDK's transport, whose read loop ends the whole session on one line
 * it cannot read (a blank line, broken JSON, a line over its size limit). Only lines that are
 * JSON-RPC messages reach the transport; a blank line is skipped, and any other bad line is
 * answered with a JSON-RPC error ({@code -32700} when it is not JSON, {@code -32600} when it is not
 * a message) and dropped, so one bad line costs one error, not the server. At the end of stdin the
 * transport is told only once every request read was answered (within a bound): the SDK drops
 * answers still in flight when its input ends. The end (or a read error) is reported once.
 */
final class StdioGuard {

  /** The longest line read, in bytes; a longer one is answered with an error and skipped. */
  static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

  private StdioGuard() {}

  /** Stdout, written a whole line at a time so a guard's error never splits a message. */
  static final class Out extends OutputStream {
    private final OutputStream out;
    private final PendingCalls calls;
    private final Consumer<String> failed;
    private final Queue<byte[]> pending = new ArrayDeque<>();
    private final ByteArrayOutputStream current = new ByteArrayOutputStream(1024);
    private boolean atLineStart = true;
    private long responses;
    private boolean broken;

    Out(OutputStream out) {
      this(out, new PendingCalls(PendingCalls.MAX_PENDING), why -> {});
    }

    /**
     * @param calls the calls pending, each uncounted when its answer is written
     * @param failed told why, on the writing thread, each time a write fails (the client closed its
     *     end): no answer can reach the client any more; fast, never throws
     */
    Out(OutputStream out, PendingCalls calls, Consumer<String> failed) {
      this.out = out;
      this.calls = calls;
      this.failed = failed;
    }

    /** The {@code tools/call} requests read and not answered yet. */
    PendingCalls calls() {
      return calls;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        // The client closed its end: nothing more can be answered, so nobody waits for it.
        broken = true;
        notifyAll();
        failed.accept("stdout failed: " + Text.oneLine(String.valueOf(e.getMessage()), 160));
        throw e;
      }
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          current.write(b, start, i - start);
          countResponse();
          start = i + 1;
        }
      }
      current.write(b, start, off + len - start);
      if (len > 0) {
        lineEnded(b[off + len - 1] == '\n');
      }
    }

    /**
     * Counts a line that answers a client's request (a result or an error, not a request). Reads
     * only the line's top-level keys, skipping their values: a screenshot's result is not parsed.
     */
    private void countResponse() {
      byte[] line = current.toByteArray();
      current.reset();
      boolean method = false;
      boolean id = false;
      Object idValue = null;
      boolean answer = false;
      try (JsonParser parser = Json.mapper().getFactory().createParser(line)) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
          return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String key = parser.currentName();
          method |= key.equals("method");
          answer |= key.equals("result") || key.equals("error");
          JsonToken value = parser.nextToken();
          if (key.equals("id")) {
            id = true;
            idValue = value.isNumeric() ? parser.getDecimalValue() : parser.getText();
          }
          parser.skipChildren();
        }
      } catch (IOException e) {
        return; // not ours to judge: the transport wrote it
      }
      if (id && answer && !method) {
        calls.answered(idValue);
        responses++;
        notifyAll();
      }
    }

    /**
     * Waits until {@code requests} responses were written, the output failed (the client closed
     * it), or {@code timeout} passed.
     *
     * @return whether every request was answered
     */
    synchronized boolean awaitResponses(long requests, Duration timeout)
        throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (responses < requests && !broken) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return responses >= requests;
    }

    @Override
    public synchronized void flush() throws IOException {
      out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
      out.close();
    }

    /** Writes one whole line ({@code line} ends in a newline) between the transport's lines. */
    synchronized void writeLine(byte[] line) throws IOException {
      if (atLineStart) {
        out.write(line);
        out.flush();
      } else {
        pending.add(line);
      }
    }

    private void lineEnded(boolean ended) throws IOException {
      atLineStart = ended;
      if (ended) {
        while (!pending.isEmpty()) {
          out.write(pending.poll());
        }
      }
    }
  }

  /** Stdin as the transport reads it: only lines it can take. */
  static final class In extends InputStream {
    private final InputStream in;
    private final Out out;
    private final McpJsonMapper json;
    private final Runnable onEnd;
    private final Consumer<String> log;
    private final Duration drain;
    private byte[] line = new byte[0];
    private int pos;
    private boolean ended;
    private long requests;

    /** Whether the last call read was refused as busy: one log line per busy spell. */
    private boolean busy;

    /**
     * @param drain how long the end of stdin waits for answers to requests already read, so a
     *     client that writes its calls and closes stdin (a script) still gets every answer
     * @param onEnd called once, when stdin ends or fails
     * @param log receives a line per bad input line (stderr)
     */
    In(
        InputStream in,
        Out out,
        McpJsonMapper json,
        Duration drain,
        Runnable onEnd,
        Consumer<String> log) {
      this.in = in;
      this.drain = drain;
      this.out = out;
      this.json = json;
      this.onEnd = onEnd;
      this.log = log;
    }

    @Override
    public int read() throws IOException {
      if (!fill()) {
        return -1;
      }
      return line[pos++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (!fill()) {
        return -1;
      }
      int n = Math.min(len, line.length - pos);
      System.arraycopy(line, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public int available() {
      return line.length - pos;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }

    /** Makes sure unread bytes of an accepted line are there; false at the end. */
    private boolean fill() throws IOException {
      while (pos >= line.length) {
        if (ended) {
          return false;
        }
        byte[] next;
        try {
          next = nextLine();
        } catch (IOException e) {
          end();
          throw e;
        }
        if (next == null) {
          awaitAnswers();
          end();
          return false;
        }
        if (accept(next)) {
          line = Arrays.copyOf(next, next.length + 1);
          line[next.length] = '\n';
          // The transport also ends a line at a lone CR; in JSON a raw CR can only be whitespace
          // between tokens (never inside a string), so a space in its place means the same.
          for (int i = 0; i < next.length; i++) {
            if (line[i] == '\r') {
              line[i] = ' ';
            }
          }
          pos = 0;
        }
      }
      return true;
    }

    private void awaitAnswers() {
      try {
        if (!out.awaitResponses(requests, drain)) {
          log.accept(
              "apex mcp: stdin ended with calls unanswered after "
                  + drain.toSeconds()
                  + " s; ending the session");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private void end() {
      if (!ended) {
        ended = true;
        onEnd.run();
      }
    }

    /** The next line without its line end, or null at the end; an overlong one is cut. */
    private byte[] nextLine() throws IOException {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
      boolean overlong = false;
      int b;
      while ((b = in.read()) != -1) {
        if (b == '\n') {
          return finish(buffer, overlong);
        }
        if (buffer.size() < MAX_LINE_BYTES) {
          buffer.write(b);
        } else {
          overlong = true;
        }
      }
      return buffer.size() == 0 ? null : finish(buffer, overlong);
    }

    private byte[] finish(ByteArrayOutputStream buffer, boolean overlong) throws IOException {
      if (overlong) {
        reply(null, -32600, "Invalid Request: a line over " + MAX_LINE_BYTES + " bytes");
        return new byte[0];
      }
      byte[] bytes = buffer.toByteArray();
      int n = bytes.length;
      if (n > 0 && bytes[n - 1] == '\r') {
        n--;
      }
      return Arrays.copyOf(bytes, n);
    }

    /**
     * Whether the transport can take the line; answers and drops one it cannot. A good line is read
     * once, by the SDK's own reader; only a bad one is read again, to tell broken JSON from a
     * message that is not one and to answer with its id.
     */
    private boolean accept(byte[] bytes) throws IOException {
      String text = new String(bytes, UTF_8);
      if (text.isBlank()) {
        return false;
      }
      McpSchema.JSONRPCMessage message;
      try {
        message = McpSchema.deserializeJsonRpcMessage(json, text);
      } catch (IOException | RuntimeException notAMessage) {
        JsonNode tree;
        try {
          tree = Json.mapper().readTree(text);
        } catch (IOException e) {
          reply(null, -32700, "Parse error: the line is not JSON");
          return false;
        }
        JsonNode id = tree != null && tree.isObject() ? tree.get("id") : null;
        reply(
            id != null && (id.isTextual() || id.isNumber())
                ? Json.mapper().treeToValue(id, Object.class)
                : null,
            -32600,
            "Invalid Request: not a JSON-RPC 2.0 message");
        return false;
      }
      return !(message instanceof McpSchema.JSONRPCRequest request) || admit(request);
    }

    /**
     * Whether the transport may take {@code request}: its params are what its method takes, and,
     * for a {@code tools/call}, fewer than {@link PendingCalls#MAX_PENDING} calls are pending. A
     * refused request is answered here, at once.
     */
    private boolean admit(McpSchema.JSONRPCRequest request) throws IOException {
      String wrong = RequestCheck.problem(request);
      if (wrong != null) {
        reply(request.id(), -32602, "Invalid params: " + wrong);
        return false;
      }
      if (request.method().equals(McpSchema.METHOD_TOOLS_CALL)) {
        PendingCalls calls = out.calls();
        if (!calls.tryAdd(request.id())) {
          if (!busy) {
            log.accept(
                "apex mcp: " + calls.busyMessage() + " (answering " + PendingCalls.BUSY + ")");
          }
          busy = true;
          answer(request.id(), PendingCalls.BUSY, calls.busyMessage());
          return false;
        }
        busy = false;
      }
      requests++;
      return true;
    }

    private void reply(Object id, int code, String message) throws IOException {
      log.accept("apex mcp: stdin: " + Text.oneLine(message, 160) + " (answered " + code + ")");
      answer(id, code, message);
    }

    /** Writes a JSON-RPC error answering {@code id} (null when the line had none). */
    private void answer(Object id, int code, String message) throws IOException {
      Map<String, Object> error = new LinkedHashMap<>();
      error.put("code", code);
      error.put("message", message);
      Map<String, Object> response = new LinkedHashMap<>();
      response.put("jsonrpc", "2.0");
      response.put("id", id);
      response.put("error", error);
      out.writeLine((Json.write(response) + "\n").getBytes(UTF_8));
    }
  }
}
