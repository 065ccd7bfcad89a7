package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.runtime.flow.Flow;
import dev.apex.tools.ToolRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saving a flow (the inspector's draft) where {@code apex run --flow} finds it by path:
 *
 * <ul>
 *   <li>{@code POST /api/flows} with {@code {"name": "wifi-on", "flow": "<yaml>", "overwrite":
 *       false}}: checks the flow parses (400 with the parser's one line when not), then writes it
 *       as {@code $APEX_HOME/flows/NAME.yaml} (the folder of the console's config file, {@code
 *       ~/.apex} without {@code APEX_HOME}), 201 with {@code {"name", "path", "bytes"}}. The name
 *       is 1 to 64 letters, digits, {@code .}, {@code _} or {@code -} (no path separator, not only
 *       dots), else 400; an existing file is a 409 unless {@code overwrite} is true.
 * </ul>
 */
final class FlowsApi {

  static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Logger log = LoggerFactory.getLogger(FlowsApi.class);

  private final Supplier<Path> folder;

  /**
   * @param folder where flows are saved, resolved on each call
   */
  FlowsApi(Supplier<Path> folder) {
    this.folder = folder;
  }

  void register(Router router) {
    router.route("POST", "/api/flows", this::save);
  }

  private void save(Call call) throws IOException {
    JsonNode body = call.jsonBody();
    JsonBodies.onlyKeys(body, Set.of("name", "flow", "overwrite"), "name, flow and overwrite");
    String name = JsonBodies.requiredText(body, "name", "\"wifi-on\"");
    String flow = JsonBodies.requiredText(body, "flow", "\"name: …\\nsteps: …\"");
    boolean overwrite = JsonBodies.flag(body, "overwrite", false);
    if (!NAME.matcher(name).matches() || name.chars().allMatch(c -> c == '.')) {
      throw HttpError.badRequest(
          "name must be 1 to 64 letters, digits, '.', '_' or '-' (no folder), e.g. wifi-on");
    }
    Flow.parse(flow, name + ".yaml", ToolRegistry.defaultRegistry());
    Path dir = folder.get();
    Path file = dir.resolve(name + ".yaml");
    byte[] bytes = flow.getBytes(StandardCharsets.UTF_8);
    Files.createDirectories(dir);
    if (overwrite) {
      Path temp = Files.createTempFile(dir, "." + name, ".tmp");
      try {
        Files.write(temp, bytes);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temp);
      }
    } else {
      try {
        Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      } catch (FileAlreadyExistsException e) {
        throw HttpError.conflict(
            "flows/" + name + ".yaml exists already; pick another name, or replace it (overwrite)");
      }
    }
    log.info("flow saved as {}", file);
    ObjectNode answer = Json.mapper().createObjectNode();
    answer.put("name", name);
    answer.put("path", file.toString());
    answer.put("bytes", bytes.length);
    call.json(201, answer);
  }
}
