package dev.apex.perception.xml;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.perception.tree.NodePath;
import dev.apex.perception.tree.TreeDepth;
import dev.apex.perception.tree.UiNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A SAX handler that builds a {@link UiNode} tree under a synthetic root. Subclasses say which
 * document elements are wrappers (they become the synthetic root, e.g. {@code <hierarchy>}) and
 * fill a {@link NodeFields} from each element's attributes.
 *
 * <p>Paths are child indexes from the synthetic root ({@code 0/3/1}); visibility is inherited (a
 * node inside an invisible node is invisible). A node deeper than {@link TreeDepth#limit()} (read
 * when the handler is made) stops the parse: {@link XmlTrees#parse} then throws {@link
 * TreeDepth.TooDeepException}. Single-use, not thread-safe.
 */
public abstract class TreeHandler extends DefaultHandler {

  /** Thrown when the root element closes, so the parser never reads a trailer after it. */
  static final class RootClosed extends SAXException {
    RootClosed() {
      super("root element closed");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  private static final RootClosed ROOT_CLOSED = new RootClosed();

  /** Thrown at the first node past the depth limit, where it opens. */
  static final class TooDeep extends SAXException {
    final int limit;
    final int line;
    final int column;

    TooDeep(int limit, int line, int column) {
      super("nested deeper than " + limit + " levels");
      this.limit = limit;
      this.line = line;
      this.column = column;
    }
  }

  private final int maxDepth = TreeDepth.limit();
  private Locator locator;

  /** Frames reused per depth; their children lists are copied by UiNode and then cleared. */
  private final ArrayList<NodeFields> frames = new ArrayList<>();

  private int depth = -1;
  private boolean implicitRoot;
  private UiNode root;

  /** Whether the document element {@code qName} is a wrapper standing for the whole screen. */
  protected abstract boolean isWrapper(String qName);

  /** Reads the wrapper's attributes (rotation, size); the default ignores them. */
  protected void readWrapper(Attributes attributes) {}

  /** Fills {@code node} (path and inherited visibility already set) from one element. */
  protected abstract void readNode(String qName, Attributes attributes, NodeFields node);

  /** The tree's synthetic root, once parsing finished. */
  public UiNode root() {
    if (root == null) {
      throw new IllegalStateException("the document has not been parsed to its end");
    }
    return root;
  }

  boolean finished() {
    return root != null;
  }

  @Override
  public void setDocumentLocator(Locator locator) {
    this.locator = locator;
  }

  @Override
  public void startElement(String uri, String localName, String qName, Attributes attributes)
      throws SAXException {
    if (depth < 0) {
      NodeFields top = frame(0);
      top.reset(NodePath.ROOT, true);
      depth = 0;
      if (isWrapper(qName)) {
        top.className = qName;
        readWrapper(attributes);
        return;
      }
      implicitRoot = true;
    }
    if (depth >= maxDepth) {
      throw new TooDeep(
          maxDepth,
          locator == null ? 1 : Math.max(1, locator.getLineNumber()),
          locator == null ? 1 : Math.max(1, locator.getColumnNumber()));
    }
    NodeFields parent = frames.get(depth);
    NodePath path = parent.path.child(parent.childCount);
    parent.childCount++;
    depth++;
    NodeFields node = frame(depth);
    node.reset(path, parent.visible);
    readNode(qName, attributes, node);
  }

  @Override
  public void endElement(String uri, String localName, String qName) throws SAXException {
    NodeFields node = frames.get(depth);
    UiNode built = node.build();
    depth--;
    if (depth < 0) {
      root = built;
      throw ROOT_CLOSED;
    }
    frames.get(depth).children.add(built);
    if (depth == 0 && implicitRoot) {
      root = frames.get(0).build();
      throw ROOT_CLOSED;
    }
  }

  private NodeFields frame(int index) {
    while (frames.size() <= index) {
      frames.add(new NodeFields());
    }
    return frames.get(index);
  }

  /** The mutable fields of one node while its element is open. */
  public static final class NodeFields {
    NodePath path;
    int childCount;
    final List<UiNode> children = new ArrayList<>();

    public String className;
    public String text;
    public String description;
    public String resourceId;
    public String packageName;
    public Bounds bounds;
    public boolean visible;
    private final EnumSet<ElementFlag> flags = EnumSet.noneOf(ElementFlag.class);

    void reset(NodePath path, boolean visible) {
      this.path = path;
      this.visible = visible;
      childCount = 0;
      children.clear();
      className = null;
      text = null;
      description = null;
      resourceId = null;
      packageName = null;
      bounds = Bounds.EMPTY;
      flags.clear();
    }

    public void flag(ElementFlag flag) {
      flags.add(flag);
    }

    public boolean has(ElementFlag flag) {
      return flags.contains(flag);
    }

    UiNode build() {
      Set<ElementFlag> f = flags.isEmpty() ? Set.of() : flags;
      return new UiNode(
          path,
          className,
          TextRepair.repair(text),
          TextRepair.repair(description),
          resourceId,
          packageName,
          bounds,
          f,
          visible,
          children);
    }
  }
}
