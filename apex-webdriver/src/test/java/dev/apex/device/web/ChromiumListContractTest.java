package dev.apex.device.web;

import org.junit.jupiter.api.Tag;

/** The Device contract on Chromium, starting on a list of 200 buttons, longer than the screen. */
@Tag("e2e")
class ChromiumListContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/list.html";
  }
}
