package dev.apex.device.web;

import org.junit.jupiter.api.Tag;

/** The Device contract on Chromium, starting on a form. */
@Tag("e2e")
class ChromiumFormContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/form.html";
  }
}
