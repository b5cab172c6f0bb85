package dev.poolscope.app.checkout;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

@RestController
class CheckoutController {

    private final CheckoutService checkout;

    CheckoutController(CheckoutService checkout) {
        this.checkout = checkout;
    }

    @PostMapping("/api/checkout")
    CheckoutService.Placed checkout(@RequestBody(required = false) CheckoutRequest request) {
        if (request == null) {
            throw new InvalidInputException(
                    "a JSON body {\"userId\":..,\"productId\":..,\"quantity\":..} is required");
        }
        return checkout.checkout(request.validated());
    }
}
