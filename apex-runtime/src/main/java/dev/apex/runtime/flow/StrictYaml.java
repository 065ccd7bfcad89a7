package dev.apex.runtime.flow;

import dev.apex.core.InvalidInputException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Refuses the YAML a flow must not use, each of which would run silently wrong: an anchor or alias
 * (the flow parser reads an alias as its anchor's name, so {@code type_text: *pw} would type "pw"),
 * a second document (only the first would run), a duplicate key (only the last would count). Each
 * refusal names the line. It reads SnakeYAML's events, the layer below the flow parser (Jackson's
 * YAML parser keeps no scalar's anchor), so nothing the parser sees escapes it. Text that is not
 * valid YAML passes here, for the flow parser's own message. Stateless.
 */
final class StrictYaml {

  private StrictYaml() {}

  /**
   * @throws InvalidInputException naming {@code source}, the line and what to write instead
   */
  static void check(String yaml, String source) {
    ParserImpl parser =
        new ParserImpl(new StreamReader(new StringReader(yaml)), new LoaderOptions());
    Deque<Collection> open = new ArrayDeque<>();
    int documents = 0;
    try {
      while (parser.peekEvent() != null) {
        Event event = parser.getEvent();
        if (event instanceof DocumentStartEvent && ++documents > 1) {
          refuse(event, source, "a second YAML document; a flow file holds one flow (no '---')");
        }
        if (event instanceof NodeEvent node) {
          if (node.getAnchor() != null) {
            refuse(event, source, "a YAML anchor or alias (& or *); write each value out in full");
          }
          Collection parent = open.peek();
          if (parent != null && parent.isKeyNext(event)) {
            parent.requireNew(event, source);
          }
        }
        if (event instanceof CollectionStartEvent) {
          open.push(new Collection(event instanceof MappingStartEvent));
        } else if (event instanceof CollectionEndEvent) {
          open.pop();
        }
      }
    } catch (YAMLException e) {
      // Not YAML at all: the flow parser reports it, with its line.
    }
  }

  private static void refuse(Event event, String source, String what) {
    throw new InvalidInputException(
        source + " line " + (event.getStartMark().getLine() + 1) + " has " + what);
  }

  /** An open map or list: a map's keys so far, and whether its next node is a key or a value. */
  private static final class Collection {
    private final boolean map;
    private final Set<String> keys = new HashSet<>();
    private boolean keyNext = true;

    Collection(boolean map) {
      this.map = map;
    }

    /** Whether {@code node}, this collection's next node, is a map's key; flips for the next. */
    boolean isKeyNext(Event node) {
      boolean key = map && keyNext;
      keyNext = !keyNext;
      return key;
    }

    void requireNew(Event key, String source) {
      if (key instanceof ScalarEvent scalar && !keys.add(scalar.getValue())) {
        refuse(
            key, source, "the key '" + scalar.getValue() + "' a second time in one map; keep one");
      }
    }
  }
}
