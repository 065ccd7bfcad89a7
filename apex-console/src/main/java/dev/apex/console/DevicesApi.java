package dev.apex.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.apex.core.Json;
import dev.apex.device.DeviceListing;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /api/devices}: every device the runtime can reach, probed now ({@link
 * dev.apex.device.DeviceEnumeration}: each probe under its deadline, so the answer comes within a
 * few seconds however many devices do not answer): {@code {"devices": [{"selector", "kind",
 * "state", "detail", "takes_url", "ready"}]}}. The device picker lists them; {@code /api/status}
 * stays cheap and probes nothing.
 */
final class DevicesApi {

  private static final Logger log = LoggerFactory.getLogger(DevicesApi.class);

  private final Supplier<List<DeviceListing>> devices;

  DevicesApi(Supplier<List<DeviceListing>> devices) {
    this.devices = devices;
  }

  void register(Router router) {
    router.route("GET", "/api/devices", this::list);
  }

  private void list(Call call) throws IOException {
    ObjectNode body = Json.mapper().createObjectNode();
    ArrayNode list = body.putArray("devices");
    List<DeviceListing> found;
    try {
      found = devices.get();
    } catch (RuntimeException e) {
      log.warn("cannot list the devices", e);
      throw new HttpError(500, "cannot list the devices; the console's log says why");
    }
    for (DeviceListing d : found) {
      ObjectNode node = list.addObject();
      node.put("selector", d.selector());
      node.put("kind", d.kind());
      node.put("state", d.state().code());
      node.put("detail", d.detail());
      node.put("takes_url", d.takesUrl());
      node.put("ready", d.ready());
    }
    call.json(200, body);
  }
}
