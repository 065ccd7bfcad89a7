package dev.apex.device.sim;

import java.util.Objects;

/**
 * One item of a sim list: a note, a message.
 *
 * @param title the first line (a note's text, a message's sender)
 * @param detail the second line (a message's body), or null
 */
public record SimListItem(String title, String detail) {

  public SimListItem {
    Objects.requireNonNull(title, "title");
  }
}
